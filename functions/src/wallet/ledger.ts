/**
 * Moving money and setting credit lines: the wallet's operations over the ledger repository
 * (ledger-repo.ts), the only way money moves. The repository reads and writes balances, entries and
 * draws; these operations decide what it does not know: the site's calendar day of a debit (due days and
 * overdue are the site's days), and the mail a low-credit crossing sends. That mail is an outbox message
 * the repository writes in the movement's own transaction, so it is sent once per crossing (its
 * idempotency key names the movement and the threshold) and never for a movement that did not commit.
 */
import type { TransactItem } from '#lib/db';
import { log } from '#lib/logger';
import { siteById } from '#lib/tenancy';
import { siteTimeZone, siteToday } from '#lib/time';
import * as ledger from './ledger-repo.ts';
import type { CreditCrossing, CreditLine, MoveResult, SetLineResult, WalletMovement } from './ledger-repo.ts';
import { outboxMessage, publishCommitted, type Outboxed } from './outbox.ts';

/**
 * Runs a movement (plus the caller's own items) once: see ledger-repo.ts `credit` and `debit` for the
 * answers. A debit that leaves the credit low sends its alert after the commit.
 */
export async function move(
  direction: 'debit' | 'credit',
  m: WalletMovement,
  extra: TransactItem[] = [],
): Promise<MoveResult> {
  if (direction === 'credit') return ledger.credit(m, extra);
  const site = await siteById(m.siteId);
  const done = await ledger.debit(m, extra, {
    today: siteToday(site ?? {}, m.now),
    timeZone: siteTimeZone(site ?? {}),
    onCrossing: lowCreditAlert,
  });
  if (done.alert) await publishCommitted(done.alert, log);
  return done.result;
}

/**
 * Staff set a credit line: the limit and the credit days for future draws, with the audit entry in the
 * same transaction; never below the credit in use. A lower limit may leave the credit low: alerted as a debit.
 */
export async function setCreditLine(
  input: Parameters<typeof ledger.setCreditLine>[0],
  audit: (before: CreditLine, after: { creditLimit: number; creditDays: number }) => TransactItem,
): Promise<SetLineResult<Outboxed>> {
  const out = await ledger.setCreditLine(input, audit, lowCreditAlert);
  if (out.ok && out.alert) await publishCommitted(out.alert, log);
  return out;
}

/** The low-credit mail of a crossing, as an outbox message for the movement's transaction (null: nobody to tell). */
async function lowCreditAlert(c: CreditCrossing): Promise<Outboxed | null> {
  // Loaded on a crossing only: the mail templates stay out of every booking Lambda's cold start.
  const { lowCreditMail } = await import('./credit-mail.ts');
  const mail = await lowCreditMail(c.siteId, c.legalEntityId, c.state, c.threshold, c.currency);
  if (!mail) return null;
  return outboxMessage(
    c.siteId,
    'email',
    { ...mail, idempotencyKey: `credit-low#${c.siteId}#${c.legalEntityId}#${c.movementId}#${c.threshold}` },
    c.now,
  );
}
