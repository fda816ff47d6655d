import { act, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { useFormAction } from './use-form-action';

function deferred() {
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe(useFormAction.name, () => {
  it('is busy while the submit runs, and shows what it returns', async () => {
    const { result } = renderHook(() => useFormAction());
    const step = deferred();
    let prevented = false;
    const event = { preventDefault: () => (prevented = true) } as unknown as FormEvent;
    act(() =>
      result.current.submit(async () => {
        await step.promise;
        return { message: 'Saved.', tone: 'success' };
      })(event),
    );
    expect(prevented).toBe(true);
    expect(result.current.busy).toBe(true);
    await act(async () => step.resolve());
    expect(result.current.busy).toBe(false);
    expect(result.current.notice).toEqual({ message: 'Saved.', tone: 'success' });
  });

  it("shows a failure's message, and names the action that runs", async () => {
    const { result } = renderHook(() => useFormAction({ message: 'Handed over' }));
    expect(result.current.notice.message).toBe('Handed over');
    const step = deferred();
    let running: Promise<void> | undefined;
    act(() => {
      running = result.current.run(() => step.promise, 'resend');
    });
    expect(result.current.pending).toBe('resend');
    expect(result.current.busy).toBe(false); // the submit button stays usable
    await act(async () => {
      step.reject(new Error('Too many attempts. Please try again later.'));
      await running;
    });
    expect(result.current.pending).toBeNull();
    expect(result.current.notice).toEqual({ message: 'Too many attempts. Please try again later.' });
  });

  it('a bare string is a notice without a tone (the spec colours it)', async () => {
    const { result } = renderHook(() => useFormAction());
    await act(() => result.current.run(() => 'Please enter a display name.'));
    expect(result.current.notice).toEqual({ message: 'Please enter a display name.' });
  });
});
