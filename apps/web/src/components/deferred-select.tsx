import { ChevronDownIcon } from 'lucide-react';
import * as React from 'react';
import { useDeferredCode } from '@/hooks/use-deferred-code';
import { cn } from '@/lib/utils';
import type { SelectMenuProps } from './deferred-select-menu';
import { SELECT_TRIGGER_CLASS } from './ui/select-trigger-class';

const loadMenu = () => import('./deferred-select-menu');
const OPEN_KEYS = [' ', 'Enter', 'ArrowUp', 'ArrowDown']; // i18n-ignore: key names

/**
 * A select whose code (Radix Select and its positioning) is fetched at the first sign of use: the pointer over
 * it, focus, a press. Until then an identical trigger shows the value, and the real select replaces it as soon as
 * its code is there (taking the focus along); a press or an opening key made before that opens the list then.
 */
export function DeferredSelect(props: Omit<SelectMenuProps, 'defaultOpen' | 'autoFocus'>) {
  const trigger = React.useRef<HTMLButtonElement>(null);
  const pointerType = React.useRef('touch');
  const { upgraded, upgrade, press, open } = useDeferredCode(loadMenu, trigger);

  if (upgraded) {
    const { SelectMenu: Menu } = upgraded.code;
    return <Menu {...props} defaultOpen={open} autoFocus={upgraded.focus} />;
  }

  const selected = props.options.find((option) => option.value === props.value);
  // The same element and attributes as the closed Radix trigger (components/ui/select.tsx).
  return (
    <button
      ref={trigger}
      type="button"
      role="combobox"
      id={props.id}
      aria-expanded={false}
      aria-autocomplete="none"
      data-state="closed"
      disabled={props.disabled}
      data-disabled={props.disabled ? '' : undefined}
      data-placeholder={selected ? undefined : ''}
      data-slot="select-trigger"
      data-size="default"
      className={cn(SELECT_TRIGGER_CLASS, props.className)}
      onPointerEnter={upgrade}
      onFocus={upgrade}
      onPointerDown={(event) => {
        pointerType.current = event.pointerType;
        if (event.button === 0 && !event.ctrlKey && event.pointerType === 'mouse') {
          event.preventDefault();
          press();
        }
      }}
      onClick={() => {
        if (pointerType.current !== 'mouse') press();
      }}
      onKeyDown={(event) => {
        if (OPEN_KEYS.includes(event.key)) {
          event.preventDefault();
          press();
        }
      }}
    >
      <span data-slot="select-value" style={{ pointerEvents: 'none' }}>
        {selected?.label}
      </span>
      <ChevronDownIcon aria-hidden="true" className="size-4 opacity-50" />
    </button>
  );
}
