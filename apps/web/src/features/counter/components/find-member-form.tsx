import { type CounterMember, type MemberRow, memberCodeParamsSchema } from '@loyalty/contracts';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError, failureMessage } from '@/lib/api-error';
import { translateText } from '@/lib/i18n/translate-text';
import { useT } from '@/lib/i18n/use-t';
import { findMemberByCode } from '../api/find-member';
import { searchMembers } from '../api/search-members';
import { MemberMatches } from './member-matches';
import { ScanButton } from './scan-button';

/**
 * The find field. A USB scanner types the code and Enter into the focused field, so the field takes focus on
 * arrival, keeps it after a miss (text selected, the next scan replaces it) and gets it back after every
 * transaction (the page calls inputRef.focus()).
 *
 * The member shown belongs to the last search that succeeded and to nothing typed since: the moment the field
 * changes, a scan starts or a search fails, `onCleared` tells the page to drop the member, so a purchase can
 * never go to someone the screen no longer shows. An answer that arrives after the field changed is dropped
 * too (a slow lookup must not bring back a member once the next customer's code is being typed).
 *
 * A code or phone is always tried first; when neither matches, the text is a name ("Mrs Chan"): the members it
 * matches are offered as a short pick list, and the one picked is looked up by code like a scan.
 */
export function FindMemberForm({
  inputRef,
  onFound,
  onCleared,
}: {
  inputRef: React.RefObject<HTMLInputElement | null>;
  onFound: (member: CounterMember) => void;
  onCleared: () => void;
}) {
  const t = useT();
  const [code, setCode] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const [pending, setPending] = React.useState(false);
  const [matches, setMatches] = React.useState<{ rows: MemberRow[]; total: number } | null>(null);
  // Bumped by every edit and every lookup: a lookup's answer counts only while it is still the latest.
  const generation = React.useRef(0);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    void lookup(code);
  };
  const lookup = async (code: string) => {
    const mine = ++generation.current;
    onCleared();
    setMatches(null);
    const parsed = memberCodeParamsSchema.safeParse({ code });
    if (!parsed.success) {
      setError(translateText(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setPending(true);
    setError(null);
    try {
      const member = await findMemberByCode(parsed.data.code);
      if (mine !== generation.current) return;
      setCode('');
      onFound(member);
    } catch (failure) {
      if (mine !== generation.current) return;
      const byName = failure instanceof ApiError && failure.status === 404 ? await matchesFor(parsed.data.code) : null;
      if (mine !== generation.current) return;
      if (byName?.rows.length) {
        setMatches(byName);
        return;
      }
      setError(
        failure instanceof ApiError && failure.status === 404
          ? t('counter.notFound', { code: parsed.data.code })
          : failureMessage(failure),
      );
      inputRef.current?.select();
    } finally {
      setPending(false);
    }
  };

  // Nothing matched as a code or phone: members by name; a failed search is the same "not found".
  const matchesFor = async (text: string) => {
    try {
      const page = await searchMembers(text);
      return { rows: page.content, total: page.totalElements };
    } catch {
      return null;
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-1.5" role="search">
      {/* Before the field, so Tab from the field goes straight on to the member's forms. */}
      <div className="flex flex-wrap gap-2">
        <ScanButton
          onCode={(scanned) => {
            setCode(scanned);
            void lookup(scanned);
            inputRef.current?.focus();
          }}
        />
      </div>
      <Label htmlFor="counter-find">{t('counter.find')}</Label>
      <div className="flex gap-2">
        <Input
          id="counter-find"
          ref={inputRef}
          // The counter's one job starts here: a scanner types into the focused field.
          autoFocus
          value={code}
          onChange={(event) => {
            generation.current++;
            setCode(event.target.value);
            setMatches(null);
            onCleared();
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="search"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'counter-find-error' : 'counter-find-hint'}
        />
        <Button type="submit" disabled={pending}>
          {t('counter.findButton')}
        </Button>
      </div>
      {error ? (
        <p id="counter-find-error" role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : (
        <p id="counter-find-hint" className="text-muted-foreground text-xs">
          {t('counter.findHint')}
        </p>
      )}
      {matches && (
        <MemberMatches
          matches={matches.rows}
          total={matches.total}
          onPick={(member) => {
            setCode(member.membershipCode);
            void lookup(member.membershipCode);
            inputRef.current?.focus();
          }}
        />
      )}
    </form>
  );
}
