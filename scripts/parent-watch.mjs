// Noticing that the process that started us is gone. `npm start`'s supervisor can be killed with
// -9, and npm can be stopped by its own pid (its shell then goes, and the supervisor is left with
// another parent): in both cases nothing is left to pass a signal on, so each process watches its
// own parent instead. On Linux an orphan is adopted by another process (init, or a subreaper), so
// its parent pid changes; node reads `process.ppid` afresh at each access (getppid()).

/**
 * Calls `onGone` once when this process's parent is no longer `parentPid` (checked every
 * `everyMs`, on an unref'd timer that never keeps the process alive).
 */
export function watchParent(parentPid, onGone, everyMs = 250) {
  const check = () => {
    if (process.ppid === parentPid) return false;
    clearInterval(timer);
    onGone();
    return true;
  };
  const timer = setInterval(check, everyMs);
  timer.unref();
  check();
  return () => clearInterval(timer);
}
