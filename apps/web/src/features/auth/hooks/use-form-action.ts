import { useState, type FormEvent } from 'react';

export type Tone = 'success' | 'error';

/** A form's status line: the message and, when it is not the spec's colour rule, its tone. */
export interface Notice {
  message: string;
  tone?: Tone;
}

/** What an action ends with: a notice to show (a bare string takes the spec's colour), or nothing. */
export type ActionResult = Notice | string | void;

/** What a failed call says to the user (the auth flows' errors carry the spec's texts). */
export const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

type Action = () => Promise<ActionResult> | ActionResult;

const toNotice = (result: string | Notice): Notice =>
  typeof result === 'string' ? { message: result } : result;

/**
 * The one shape of the auth and account forms: a status line, a busy flag while the action runs,
 * and the action's failure shown as its message. `submit(action)` is the form's onSubmit; `run`
 * does the same for a button outside the submit (Forgot password?, Resend), under its own name,
 * so each button shows its own busy state.
 *
 * An action returns a notice (a check that failed before any request, or a success to show) or
 * nothing (it navigated away).
 */
export function useFormAction(initial: Notice = { message: '' }) {
  const [notice, setNotice] = useState<Notice>(initial);
  /** Which action runs ('submit', or the name given to `run`), null when none does. */
  const [pending, setPending] = useState<string | null>(null);
  const run = async (action: Action, name = 'submit') => {
    setPending(name);
    try {
      const result = await action();
      if (result !== undefined) setNotice(toNotice(result));
    } catch (err) {
      setNotice({ message: messageOf(err) });
    } finally {
      setPending(null);
    }
  };
  const submit = (action: Action) => (e: FormEvent) => {
    e.preventDefault();
    void run(action);
  };
  const say = (result: string | Notice) => setNotice(toNotice(result));
  return { notice, busy: pending === 'submit', pending, run, submit, say };
}
