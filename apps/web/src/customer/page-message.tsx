import { CustomerShell } from './customer-shell';

/** A page that only says something (a closed link, a failed load), with at most one action. */
export function PageMessage({ title, action }: { title: string; action?: { label: string; onClick: () => void } }) {
  return (
    <CustomerShell branding={null}>
      <div className="py-12 text-center">
        <h1 className="text-xl font-semibold">{title}</h1>
        {action ? (
          <button type="button" onClick={action.onClick} className="mt-6 font-medium underline">
            {action.label}
          </button>
        ) : null}
      </div>
    </CustomerShell>
  );
}
