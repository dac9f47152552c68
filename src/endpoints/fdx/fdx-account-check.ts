/**
 * The check every request about one FDX account makes before it asks for the account's data:
 * the account is the customer's (else 701), and the holder does not refuse it (a refusal answers
 * before the account's status or type says anything about it).
 */
import { FdxAccountNotFoundError } from '../../errors';
import type { CallContext, FdxAccountInfo, FdxPort } from '../../ports';
import type { AccountSelection } from '../account-selection';

export async function checkedFdxAccount(
  port: FdxPort,
  selection: AccountSelection,
  customerId: string,
  accountId: string,
  ctx: CallContext,
): Promise<FdxAccountInfo> {
  const info = await port.getAccountInfo(customerId, accountId, ctx);
  if (!info) throw new FdxAccountNotFoundError();
  selection.refuseIfRefused(customerId, { accountId, ...info });
  return info;
}
