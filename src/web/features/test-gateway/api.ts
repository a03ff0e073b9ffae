// POST /api/test-gateway/checkout/:orderId: the test checkout's Pay and fail buttons (test mode, decision 133).
import { useMutation } from '@tanstack/react-query';
import { testGatewayApi, type TestCheckoutAnswer, type TestCheckoutOutcome } from '#shared/test-gateway.ts';
import { api } from '#web/lib/api-client.ts';

export const payTestOrder = (orderId: string, outcome: TestCheckoutOutcome) =>
  api.post<TestCheckoutAnswer>(testGatewayApi.checkout(orderId), { outcome });

export const usePayTestOrder = (orderId: string) =>
  useMutation({ mutationFn: (outcome: TestCheckoutOutcome) => payTestOrder(orderId, outcome) });
