import { PRINT_PATHS } from '../../../components/grid/grid-icons';
import { OutlineIcon as Icon, outlineIconMask } from '../../../components/ui/outline-icon';

/** The grid's tool-button icons. */
type IconProps = { size?: number };

const DISPUTE = [
  'M12 9v4',
  'M10.363 3.591l-8.106 13.534a1.914 1.914 0 0 0 1.636 2.871h16.214a1.914 1.914 0 0 0 1.636 -2.87l-8.106 -13.536a1.914 1.914 0 0 0 -3.274 0z',
  'M12 16h.01',
];

export const DisputeIcon = ({ size }: IconProps) => <Icon size={size} paths={DISPUTE} />;

const CALENDAR = [
  'M4 7a2 2 0 0 1 2 -2h12a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-12a2 2 0 0 1 -2 -2z',
  'M16 3v4',
  'M8 3v4',
  'M4 11h16',
];

const PROMISE = [...CALENDAR, 'M9 16l2 2l4 -4'];
const REMOVE_PROMISE = [...CALENDAR, 'M10 14l4 4', 'M14 14l-4 4'];

export const PromiseIcon = ({ size }: IconProps) => <Icon size={size} paths={PROMISE} />;

export const RemovePromiseIcon = ({ size }: IconProps) => <Icon size={size} paths={REMOVE_PROMISE} />;

const ADD_TO_CART = [
  'M4 19a2 2 0 1 0 4 0a2 2 0 0 0 -4 0',
  'M12.5 17h-6.5v-14h-2',
  'M6 5l14 1l-.86 6.017m-2.64 .983h-10.5',
  'M16 19h6',
  'M19 16v6',
];

export const AddToCartIcon = ({ size }: IconProps) => <Icon size={size} paths={ADD_TO_CART} />;

export const OverdueIcon = ({ size }: IconProps) => (
  <Icon size={size} paths={['M3 12a9 9 0 1 0 18 0a9 9 0 0 0 -18 0', 'M12 8v4', 'M12 16h.01']} />
);

export const ComingDueIcon = ({ size }: IconProps) => (
  <Icon size={size} paths={['M3 12a9 9 0 1 0 18 0a9 9 0 0 0 -18 0', 'M12 7v5l3 3']} />
);

export const CreditIcon = ({ size }: IconProps) => (
  <Icon size={size} paths={['M3 12a9 9 0 1 0 18 0a9 9 0 0 0 -18 0', 'M9 12h6']} />
);

export const PaymentPendingIcon = ({ size }: IconProps) => (
  <Icon
    size={size}
    paths={[
      'M6.5 7h11',
      'M6.5 17h11',
      'M6 20v-2a6 6 0 1 1 12 0v2a1 1 0 0 1 -1 1h-10a1 1 0 0 1 -1 -1z',
      'M6 4v2a6 6 0 1 0 12 0v-2a1 1 0 0 0 -1 -1h-10a1 1 0 0 0 -1 1z',
    ]}
  />
);

/** The row tool buttons' icons as CSS masks (tool-button.tsx): 200 buttons a page, no SVG each. */
export const TOOL_ICON_MASKS = {
  dispute: outlineIconMask(DISPUTE),
  promise: outlineIconMask(PROMISE),
  removePromise: outlineIconMask(REMOVE_PROMISE),
  print: outlineIconMask(PRINT_PATHS),
  addToCart: outlineIconMask(ADD_TO_CART),
} as const;
