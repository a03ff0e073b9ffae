// /sessions/:id/checkout: a paid booking's checkout, for its learner (issue 23).
import { useParams } from 'react-router';
import { CheckoutStep } from '#web/features/checkout/checkout-step.tsx';

export default function CheckoutPage() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8">
      <CheckoutStep bookingId={id} />
    </div>
  );
}
