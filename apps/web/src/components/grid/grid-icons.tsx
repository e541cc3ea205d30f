import { OutlineIcon as Icon } from '../ui/outline-icon';

/** The icons of the grids' shared controls (sort, columns, exports). */
type IconProps = { size?: number };

export const PRINT_PATHS = [
  'M17 17h2a2 2 0 0 0 2 -2v-4a2 2 0 0 0 -2 -2h-14a2 2 0 0 0 -2 2v4a2 2 0 0 0 2 2h2',
  'M17 9v-4a2 2 0 0 0 -2 -2h-6a2 2 0 0 0 -2 2v4',
  'M7 15a2 2 0 0 1 2 -2h6a2 2 0 0 1 2 2v4a2 2 0 0 1 -2 2h-6a2 2 0 0 1 -2 -2z',
];

export const PrintIcon = ({ size }: IconProps) => <Icon size={size} paths={PRINT_PATHS} />;

export const ColumnsIcon = ({ size }: IconProps) => (
  <Icon
    size={size}
    paths={['M4 6a2 2 0 0 1 2 -2h12a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-12a2 2 0 0 1 -2 -2z', 'M12 4v16']}
  />
);

export const DownloadIcon = ({ size }: IconProps) => (
  <Icon size={size} paths={['M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2 -2v-2', 'M7 11l5 5l5 -5', 'M12 4v12']} />
);

export const ChevronLeftIcon = ({ size }: IconProps) => <Icon size={size} paths={['M15 6l-6 6l6 6']} />;
export const ChevronRightIcon = ({ size }: IconProps) => <Icon size={size} paths={['M9 6l6 6l-6 6']} />;
export const SortAscIcon = ({ size }: IconProps) => <Icon size={size} paths={['M6 15l6 -6l6 6']} />;
export const SortDescIcon = ({ size }: IconProps) => <Icon size={size} paths={['M6 9l6 6l6 -6']} />;
export const SortNoneIcon = ({ size }: IconProps) => (
  <Icon size={size} paths={['M8 9l4 -4l4 4', 'M16 15l-4 4l-4 -4']} />
);

export const OpenIcon = ({ size }: IconProps) => (
  <Icon
    size={size}
    paths={['M12 6h-6a2 2 0 0 0 -2 2v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2 -2v-6', 'M11 13l9 -9', 'M15 4h5v5']}
  />
);
