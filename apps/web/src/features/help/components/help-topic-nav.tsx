import { NavLink } from '@mantine/core';
import type { THelpLanguage, THelpTopicLink } from '@settle/shared/help';
import { Link } from 'react-router';
import { helpUrl } from '../../../lib/help-window';

/** The help index: every topic the reader may open, the current one marked. */
export function HelpTopicNav(props: {
  topics: THelpTopicLink[];
  current: string;
  language: THelpLanguage;
  label: string;
}) {
  return (
    <nav aria-label={props.label} data-testid="help-topics">
      {props.topics.map((link) => {
        const active = link.topic === props.current;
        return (
          <NavLink
            key={link.topic}
            component={Link}
            to={helpUrl(link.topic, props.language)}
            label={link.title}
            active={active}
            aria-current={active ? 'page' : undefined}
            data-testid={`help-topic-${link.topic}`}
          />
        );
      })}
    </nav>
  );
}
