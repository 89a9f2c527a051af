import type { Branch } from '@loyalty/contracts';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { branchName, useBranches } from '@/lib/branches';
import { useT } from '@/lib/i18n/use-t';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage-keys';
import { useTenantId, useWorkspace } from '@/lib/workspace-context';

/** The branch this device's counter stands in: undefined when the business has none (then none is sent). */
const CounterBranchContext = React.createContext<string | undefined>(undefined);

/** The branch every write of the counter names (docs/design.md §10). */
export const useCounterBranch = () => React.useContext(CounterBranchContext);

/** What this device remembers, per business: { [tenantId]: branchId }. */
function remembered(): Record<string, string> {
  try {
    const parsed = JSON.parse(readStorage(STORAGE_KEYS.counterBranch) ?? '{}');
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
}

function remember(tenantId: string, branchId: string) {
  writeStorage(STORAGE_KEYS.counterBranch, JSON.stringify({ ...remembered(), [tenantId]: branchId }));
}

/**
 * Asks once per device which branch the counter stands in, and remembers it (localStorage, per business); a
 * business without active branches is never asked. A remembered branch since deactivated or deleted asks again.
 * Until answered, the counter's forms wait below the question.
 */
export function CounterBranchGate({ children }: { children: React.ReactNode }) {
  const t = useT();
  const tenantId = useTenantId();
  const branches = useBranches();
  const mine = useWorkspace().branchIds;
  // Only the branches this user may record at (the API refuses the others: 403 BRANCH_NOT_ALLOWED).
  const active = (branches.data ?? []).filter((b) => b.active && (mine.length === 0 || mine.includes(b.id)));
  const [chosen, setChosen] = React.useState<string | undefined>(() => remembered()[tenantId]);
  const [changing, setChanging] = React.useState(false);
  const current = active.find((b) => b.id === chosen);
  if (branches.isPending) return null;
  if (active.length === 0) return <>{children}</>;
  if (!current || changing)
    return (
      <BranchQuestion
        branches={active}
        initial={current?.id}
        onChoose={(id) => {
          remember(tenantId, id);
          setChosen(id);
          setChanging(false);
        }}
      />
    );
  return (
    <CounterBranchContext.Provider value={current.id}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">{t('counter.branchAt', { name: branchName(current) })}</span>
        <Button variant="link" size="sm" className="h-auto p-0" onClick={() => setChanging(true)}>
          {t('counter.branchChange')}
        </Button>
      </div>
      {children}
    </CounterBranchContext.Provider>
  );
}

function BranchQuestion({
  branches,
  initial,
  onChoose,
}: {
  branches: Branch[];
  initial?: string;
  onChoose: (id: string) => void;
}) {
  const t = useT();
  const [value, setValue] = React.useState(initial ?? branches[0]?.id ?? '');
  return (
    <form
      className="grid max-w-md gap-2 rounded-md border p-4"
      aria-label={t('counter.branchAsk')}
      onSubmit={(event) => {
        event.preventDefault();
        if (value) onChoose(value);
      }}
    >
      <Label htmlFor="counter-branch">{t('counter.branchAsk')}</Label>
      <select
        id="counter-branch"
        className="h-9 rounded-md border bg-background px-3 text-sm"
        value={value}
        onChange={(event) => setValue(event.target.value)}
      >
        {branches.map((b) => (
          <option key={b.id} value={b.id}>
            {branchName(b)}
          </option>
        ))}
      </select>
      <p className="text-muted-foreground text-xs">{t('counter.branchAskHint')}</p>
      <Button type="submit">{t('counter.branchChoose')}</Button>
    </form>
  );
}
