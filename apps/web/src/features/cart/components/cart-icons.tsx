import { OutlineIcon as Icon } from '../../../components/ui/outline-icon';

/** The cart's icons. */
export const CartIcon = ({ size }: { size?: number }) => (
  <Icon
    size={size}
    paths={[
      'M4 19a2 2 0 1 0 4 0a2 2 0 1 0 -4 0',
      'M15 19a2 2 0 1 0 4 0a2 2 0 1 0 -4 0',
      'M17 17h-11v-14h-2',
      'M6 5l14 1l-1 7h-13',
    ]}
  />
);

export const TrashIcon = ({ size }: { size?: number }) => (
  <Icon
    size={size}
    paths={[
      'M4 7h16',
      'M10 11v6',
      'M14 11v6',
      'M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2 -2l1 -12',
      'M9 7v-3a1 1 0 0 1 1 -1h4a1 1 0 0 1 1 1v3',
    ]}
  />
);
