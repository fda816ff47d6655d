import { bearer, failure } from './transfer-shared';

/**
 * GET /api/user/export: downloads the export through a fetch (the API wants the bearer token,
 * which a plain link cannot send). The answer is a file (zip or JSON), saved as is: no contract.
 */
export async function downloadExport(format: 'json' | 'csv'): Promise<void> {
  const res = await fetch(`/api/user/export?format=${format}`, { headers: await bearer() });
  if (!res.ok) throw await failure(res);
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ??
    `cinelog-export.${format === 'csv' ? 'zip' : 'json'}`;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
