import { Alert, Center, Loader } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

interface PayPalButtonProps {
  clientToken: string;
  environment: 'sandbox' | 'production';
  disabled: boolean;
  createOrder: () => Promise<string>;
  onApprove: (orderId: string) => Promise<void>;
  onCancel: () => void;
  onError: (error: unknown) => void;
  /** What to do when PayPal is not available for this payment, e.g. 'Please contact the club to pay another way.' */
  otherwise: string;
}

type LoadState = 'loading' | 'ready' | 'failed' | 'ineligible';

/** PayPal's SDK started for the button, the button put in `container`, and how far that got. */
function usePayPalButton({
  clientToken,
  environment,
  disabled,
  createOrder,
  onApprove,
  onCancel,
  onError,
}: Omit<PayPalButtonProps, 'otherwise'>) {
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLElement | null>(null);
  const [state, setState] = useState<LoadState>('loading');
  // PayPal's callbacks (and the button, when it is made) use the latest props, without restarting PayPal.
  const handlers = useRef({ createOrder, onApprove, onCancel, onError, disabled });
  useLayoutEffect(() => {
    handlers.current = { createOrder, onApprove, onCancel, onError, disabled };
  });

  useEffect(() => {
    let closed = false;
    let session:
      | { start: (mode: { presentationMode: 'auto' }, order: Promise<{ orderId: string }>) => Promise<unknown>; destroy: () => void }
      | undefined;
    let element: HTMLElement | undefined;
    const start = async () => {
      if (!session || element?.hasAttribute('disabled')) return;
      try {
        // The order is created as the window opens; PayPal waits for it.
        await session.start(
          { presentationMode: 'auto' },
          handlers.current.createOrder().then((orderId) => ({ orderId })),
        );
      } catch (error) {
        handlers.current.onError(error);
      }
    };
    (async () => {
      const { loadCoreSdkScript } = await import('@paypal/paypal-js/sdk-v6');
      const paypal = await loadCoreSdkScript({ environment });
      if (closed || !paypal) return;
      const sdk = await paypal.createInstance({ clientToken, components: ['paypal-payments'], pageType: 'checkout', locale: 'en-AU' });
      if (closed) return;
      const methods = await sdk.findEligibleMethods({ currencyCode: 'AUD' });
      if (closed) return;
      if (!methods.isEligible('paypal')) {
        setState('ineligible');
        return;
      }
      session = sdk.createPayPalOneTimePaymentSession({
        onApprove: (data) => handlers.current.onApprove(data.orderId),
        onCancel: () => handlers.current.onCancel(),
        onError: (error) => handlers.current.onError(error),
      });
      element = document.createElement('paypal-button');
      element.setAttribute('type', 'pay');
      element.addEventListener('click', () => void start());
      if (handlers.current.disabled) element.setAttribute('disabled', '');
      container.current?.append(element);
      button.current = element;
      setState('ready');
    })().catch((error: unknown) => {
      if (closed) return;
      console.error('PayPal could not be loaded', error);
      setState('failed');
    });
    return () => {
      closed = true;
      element?.remove();
      button.current = null;
      session?.destroy();
    };
  }, [clientToken, environment]);

  // No second order while one is being created or captured.
  useEffect(() => {
    if (disabled) button.current?.setAttribute('disabled', '');
    else button.current?.removeAttribute('disabled');
  }, [disabled]);
  return { container, state };
}

/**
 * PayPal's own button (JavaScript SDK v6, started from the server's client token), for a membership payment or a
 * sponsor's invoice. Its script is fetched only when the button is first shown; PayPal's window then calls back
 * with approve, cancel or error.
 */
export function PayPalButton(props: PayPalButtonProps) {
  const { otherwise } = props;
  const { container, state } = usePayPalButton(props);

  if (state === 'failed') return <Alert color="red">PayPal could not be loaded. Please check your connection and try again.</Alert>;
  if (state === 'ineligible') return <Alert color="red">PayPal is not available for this payment. {otherwise}</Alert>;
  return (
    <>
      {state === 'loading' && (
        <Center py="md">
          <Loader aria-label="Loading PayPal" />
        </Center>
      )}
      <div ref={container} data-testid="paypal-buttons" />
    </>
  );
}
