import { type TDisputeCheckResponse, ZDisputeCheckResponse } from '@settle/shared/disputes';
import { apiRequest } from '../../../lib/api-client';

/** GET {api}/dispute/assistance/{invNo}/N: how many disputes the invoice has, and the one to open. */
export function getDisputeAssistance(invNo: string): Promise<TDisputeCheckResponse> {
  return apiRequest(`/dispute/assistance/${encodeURIComponent(invNo)}/N`, { schema: ZDisputeCheckResponse });
}
