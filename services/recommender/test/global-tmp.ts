/** Every temporary folder the tests make (models, MovieLens fixtures, signal files) under one folder for the run. */
import { runTmpdir } from '../../../scripts/test/run-tmpdir';

export default function setup(): () => void {
  return runTmpdir('recommender-tests-');
}
