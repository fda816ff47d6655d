import { Link } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { Exporter } from '../features/transfer/components/exporter';
import { Importer } from '../features/transfer/components/importer';
import { Section } from '../features/transfer/components/transfer-ui';
import { useAuth } from '../lib/auth';
import { PageShell } from '../components/layouts/page-shell';
import { SignInFirst } from '../components/layouts/sign-in-first';

/** /account/import: import from Letterboxd, IMDb or Trakt with a preview, and export everything. */
export default function ImportExportPage() {
  const { user, ready } = useAuth();
  const title = 'Import and export';
  if (!ready)
    return (
      <PageShell title={title}>
        <Spinner />
      </PageShell>
    );
  if (!user) return <SignInFirst title={title}>to import or export your library.</SignInFirst>;
  return (
    <PageShell
      title={title}
      subtitle={
        <Link to="/account" className="hover:text-zinc-200">
          ← Account
        </Link>
      }
    >
      <div className="max-w-3xl space-y-6">
        <Section id="import-heading" title="Import">
          <Importer />
        </Section>
        <Section id="export-heading" title="Export">
          <Exporter />
        </Section>
      </div>
    </PageShell>
  );
}
