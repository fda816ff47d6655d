import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { shouldRetry } from './query-client';

describe(shouldRetry.name, () => {
  it('retries once a server error or a network failure, never a 4xx (a forbidden playlist shows at once)', () => {
    expect(shouldRetry(0, new ApiError(500, 'x'))).toBe(true);
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(1, new ApiError(503, 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(403, 'Forbidden'))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, 'Movie not found'))).toBe(false);
  });
});
