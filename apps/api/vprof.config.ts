import base from '/work/main/apps/api/vitest.config';
import { mergeConfig } from 'vitest/config';
export default mergeConfig(base, { test: { execArgv: ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] } });
