import { autoMapping, IMPORT_FIELDS, type ImportField, type ImportStatus } from '@loyalty/contracts';
import { parse } from 'csv-parse/browser/esm/sync';
import * as React from 'react';
import { DialogShell } from '@/components/dialog-shell';
import { Labelled } from '@/components/labelled';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { toastFailure } from '@/lib/failure-toast';
import { formatNumber } from '@/lib/i18n/format';
import type { MessageKey } from '@/lib/i18n/i18n';
import { translateText } from '@/lib/i18n/translate-text';
import { useT } from '@/lib/i18n/use-t';
import { downloadImportErrors, startImport, useImportStatus } from '../api/member-files';

/** The field names as the screen shows them (the same words the export's headers use). */
const FIELD_LABELS: Record<ImportField, MessageKey> = {
  firstName: 'import.fieldFirstName',
  lastName: 'import.fieldLastName',
  email: 'import.fieldEmail',
  phone: 'import.fieldPhone',
  membershipCode: 'import.fieldMembershipCode',
  tier: 'import.fieldTier',
  points: 'import.fieldPoints',
  lifetimeSpend: 'import.fieldLifetimeSpend',
  stamps: 'import.fieldStamps',
  birthday: 'import.fieldBirthday',
};

const SHOWN_ERRORS = 50;

/** The header line of a CSV file (UTF-8, a byte order mark allowed): only the first record is read. */
async function headersOf(file: File): Promise<string[]> {
  const head = await file.slice(0, 64 * 1024).text();
  const records = parse(head, { bom: true, to_line: 1, relax_column_count: true, relax_quotes: true }) as string[][];
  return (records[0] ?? []).map((h) => h.trim()).filter(Boolean);
}

type Step =
  | { kind: 'choose' }
  | { kind: 'checking'; importId: string | null }
  | { kind: 'importing'; importId: string | null };

/**
 * Members in by CSV (docs/design.md §8): choose a file, map its columns (matched by their English or Chinese
 * headers), check it (a dry run listing every bad row, downloadable), then import it and watch the job.
 */
export function ImportMembersDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const [file, setFile] = React.useState<File | null>(null);
  const [headers, setHeaders] = React.useState<string[]>([]);
  const [mapping, setMapping] = React.useState<Record<string, ImportField>>({});
  const [step, setStep] = React.useState<Step>({ kind: 'choose' });
  const [busy, setBusy] = React.useState(false);
  const [unreadable, setUnreadable] = React.useState(false);

  const check = useImportStatus(step.kind === 'checking' ? step.importId : null);
  const run = useImportStatus(step.kind === 'importing' ? step.importId : null);

  React.useEffect(() => {
    if (!open) {
      setFile(null);
      setHeaders([]);
      setMapping({});
      setStep({ kind: 'choose' });
      setUnreadable(false);
    }
  }, [open]);

  async function choose(chosen: File | null) {
    setFile(chosen);
    setStep({ kind: 'choose' });
    setUnreadable(false);
    if (!chosen) return;
    try {
      const found = await headersOf(chosen);
      setHeaders(found);
      setMapping(autoMapping(found));
    } catch {
      setHeaders([]);
      setUnreadable(true);
    }
  }

  function mapColumn(header: string, field: string) {
    // Another mapping is another import: it is checked again before it can run.
    setStep({ kind: 'choose' });
    setMapping((current) => {
      const next = { ...current };
      // A field is fed by one column: choosing it here frees it elsewhere.
      for (const [h, f] of Object.entries(next)) if (f === field) delete next[h];
      if (field) next[header] = field as ImportField;
      else delete next[header];
      return next;
    });
  }

  async function send(dryRun: boolean) {
    if (!file) return;
    setBusy(true);
    setStep({ kind: dryRun ? 'checking' : 'importing', importId: null });
    try {
      const importId = await startImport({ file, mapping, dryRun });
      setStep({ kind: dryRun ? 'checking' : 'importing', importId });
    } catch (error) {
      setStep({ kind: 'choose' });
      toastFailure(t('import.failed'), error);
    } finally {
      setBusy(false);
    }
  }

  const mapped = new Set(Object.values(mapping));
  const ready = !!file && mapped.has('firstName') && mapped.has('lastName');
  const checked = step.kind === 'checking' ? check.data : undefined;
  const running = step.kind === 'importing' ? run.data : undefined;

  return (
    <DialogShell
      open={open}
      onClose={onClose}
      title={t('import.title')}
      description={t('import.description')}
      className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
    >
      {step.kind !== 'importing' && (
        <div className="grid gap-4">
          <Labelled id="import-file" label={t('import.file')}>
            <input
              id="import-file"
              type="file"
              accept=".csv,text/csv"
              className="text-sm file:mr-3 file:rounded-md file:border file:bg-transparent file:px-3 file:py-1.5"
              onChange={(event) => void choose(event.target.files?.[0] ?? null)}
            />
            {unreadable && (
              <p role="alert" className="text-destructive text-sm">
                {t('import.unreadable')}
              </p>
            )}
          </Labelled>
          {headers.length > 0 && (
            <fieldset className="grid gap-2">
              <legend className="mb-2 font-medium text-sm">{t('import.mapping')}</legend>
              {headers.map((header, index) => (
                <div key={header} className="grid grid-cols-2 items-center gap-3">
                  <Label htmlFor={`import-map-${index}`} className="truncate">
                    {header}
                  </Label>
                  <select
                    id={`import-map-${index}`}
                    value={mapping[header] ?? ''}
                    onChange={(event) => mapColumn(header, event.target.value)}
                    className="h-9 rounded-md border border-input bg-transparent px-2 text-sm dark:bg-input/30"
                  >
                    <option value="">{t('import.skipColumn')}</option>
                    {IMPORT_FIELDS.map((field) => (
                      <option key={field} value={field}>
                        {t(FIELD_LABELS[field])}
                      </option>
                    ))}
                  </select>
                </div>
              ))}
              {!ready && <p className="text-muted-foreground text-sm">{t('import.needNames')}</p>}
            </fieldset>
          )}
          {step.kind === 'checking' && !checked?.state && (
            <p role="status" className="text-muted-foreground text-sm">
              {t('import.checking')}
            </p>
          )}
          {checked?.state === 'done' && <CheckResult status={checked} />}
        </div>
      )}

      {step.kind === 'importing' && <ImportProgress status={running} />}

      <DialogFooter>
        {running?.state === 'done' || running?.state === 'failed' ? (
          <Button type="button" onClick={onClose}>
            {t('common.close')}
          </Button>
        ) : (
          <>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            {step.kind !== 'importing' && (
              <Button type="button" variant="outline" disabled={!ready || busy} onClick={() => void send(true)}>
                {t('import.check')}
              </Button>
            )}
            {step.kind !== 'importing' && (
              <Button
                type="button"
                disabled={!ready || busy || checked?.state !== 'done'}
                onClick={() => void send(false)}
              >
                {t('import.run')}
              </Button>
            )}
          </>
        )}
      </DialogFooter>
    </DialogShell>
  );
}

const badRows = (status: ImportStatus) => new Set(status.errors.map((e) => e.row)).size;

/** What the dry run's and the finished import's summaries count: created, updated and bad rows. */
const summaryArgs = (status: ImportStatus) => ({
  created: formatNumber(status.created),
  updated: formatNumber(status.updated),
  bad: formatNumber(badRows(status)),
  count: badRows(status),
});

function ErrorsDownload({ status }: { status: ImportStatus }) {
  const t = useT();
  if (status.errors.length === 0) return null;
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={() => void downloadImportErrors(status.id).catch((error) => toastFailure(t('import.failed'), error))}
    >
      {t('import.downloadErrors')}
    </Button>
  );
}

/** The dry run's answer: what the import would do, and every bad row (the first ones listed here). */
function CheckResult({ status }: { status: ImportStatus }) {
  const t = useT();
  const shown = status.errors.slice(0, SHOWN_ERRORS);
  return (
    <section aria-label={t('import.checkResult')} className="grid gap-3 rounded-md border p-3">
      <p role="status" className="text-sm">
        {t('import.checkSummary', summaryArgs(status))}
      </p>
      {shown.length > 0 && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe)
        <div role="region" aria-label={t('import.errorsTable')} tabIndex={0} className="max-h-56 overflow-y-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b text-left">
                <th scope="col" className="py-1 pr-3 font-medium">
                  {t('import.row')}
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  {t('import.field')}
                </th>
                <th scope="col" className="py-1 font-medium">
                  {t('import.message')}
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((e) => (
                <tr key={`${e.row}-${e.field}`} className="border-b last:border-0">
                  <td className="py-1 pr-3 tabular-nums">{formatNumber(e.row)}</td>
                  <td className="py-1 pr-3">
                    {e.field in FIELD_LABELS ? t(FIELD_LABELS[e.field as ImportField]) : e.field}
                  </td>
                  <td className="py-1">{translateText(e.message)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {status.errors.length > shown.length && (
            <p className="pt-2 text-muted-foreground text-sm">
              {t('import.moreErrors', { count: status.errors.length - shown.length })}
            </p>
          )}
        </div>
      )}
      <div>
        <ErrorsDownload status={status} />
      </div>
    </section>
  );
}

/** The running import: a progress bar while the job works, then what it did. */
function ImportProgress({ status }: { status: ImportStatus | undefined }) {
  const t = useT();
  const total = status?.total ?? 0;
  const processed = status?.processed ?? 0;
  const percent = total ? Math.round((processed / total) * 100) : 0;
  if (status?.state === 'failed') {
    return (
      <p role="alert" className="text-destructive text-sm">
        {t('import.stopped', { created: formatNumber(status.created), updated: formatNumber(status.updated) })}
      </p>
    );
  }
  if (status?.state === 'done') {
    return (
      <section aria-label={t('import.doneTitle')} className="grid gap-3">
        <p role="status" className="text-sm">
          {t('import.doneSummary', summaryArgs(status))}
        </p>
        <div>
          <ErrorsDownload status={status} />
        </div>
      </section>
    );
  }
  return (
    <div className="grid gap-2">
      <div
        role="progressbar"
        aria-label={t('import.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-muted-foreground text-sm">
        {t('import.progressText', { processed: formatNumber(processed), total: formatNumber(total) })}
      </p>
    </div>
  );
}
