import type { CardMessage } from '@loyalty/contracts';
import { sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { members, messages, messageTargets, tenants } from '../../db/schema';

/**
 * The latest message the business sent the member, broadcast, segment or to them alone (the message log of
 * docs/design.md §9: a target marked done once its batch went out), in the member's language by the rules the
 * pass's "Latest news" follows (the send job's claimBatch): the Chinese text when the message has it, else the
 * English. A member without marketing consent is sent nothing, so shown nothing.
 */
export async function latestMessageFor(db: Queries, tenantId: string, memberId: string): Promise<CardMessage | null> {
  const [row] = await rowsOf<{ text: string; sent_at: string | Date }>(
    db,
    sql`select case coalesce(m.language, tn.language)
          when 'zh-Hant' then coalesce(g.text_zh, g.text)
          when 'zh-Hans' then coalesce(g.text_cn, g.text)
          else g.text end as text,
        coalesce(g.sent_at, g.send_at) as sent_at
      from ${messageTargets} t
      join ${messages} g on g.id = t.message_id and g.state <> 'CANCELLED'
      join ${members} m on m.tenant_id = t.tenant_id and m.id = t.member_id and m.marketing_opt_in
      join ${tenants} tn on tn.id = t.tenant_id
      where t.tenant_id = ${tenantId} and t.member_id = ${memberId} and t.done
      order by coalesce(g.sent_at, g.send_at) desc, g.id desc
      limit 1`,
  );
  return row ? { text: row.text, sentAt: new Date(row.sent_at).toISOString() } : null;
}
