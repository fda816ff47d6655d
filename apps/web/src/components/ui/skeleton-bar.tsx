import type { CSSProperties } from 'react';

/** A skeleton's block (skeletons.tsx, movie-details-skeleton.tsx). */
export const SKELETON_BLOCK = 'animate-pulse rounded-xl bg-zinc-800';

/** A line of a skeleton, sized by its style. */
export const Bar = ({ style }: { style: CSSProperties }) => <div className={SKELETON_BLOCK} style={style} />;
