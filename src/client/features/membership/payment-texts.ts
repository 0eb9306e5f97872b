/** What the payment screens say. */
export const PAYMENT_FAILED_INLINE = 'Payment failed. Please try again or contact support if the issue persists.';
export const PAYMENT_PENDING_TEXT =
  'PayPal is still processing your payment. Your membership starts as soon as PayPal releases it; we will e-mail your receipt.';
