// The order control of a finished book (passed into the book view by the /book route): the price, or
// "included with your pack" while a book credit remains; the order button, which opens the payment page
// for this book; and this book's earlier orders with plain statuses and where each is going.
//
// The button is a link to /subscription?book_id=…, the plans page with this book's card: opened in a
// new tab (or before scripts run) it still leads to ordering. A plain click goes straight to payment.
import { useId, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button';
import { Svg, type IconProps } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { useConnectivity } from '../../../offline/connectivity';
import { useBookOrders } from '../api/get-orders';
import { usePremiumStatus } from '../api/get-premium-status';
import { PRICES, type OrderStatus, type OrderWire } from '../api/types';
import { usePaymentsOff } from '../hooks/use-payments-off';
import { formatDate, formatMoney } from '../format';
import { useCheckout } from '../hooks/use-checkout';
import { bookOrderPlansPath } from '../paths';
import { CheckoutErrorNotice } from './checkout-error';

function PrinterIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M7 8V3h10v5M7 17H4v-7h16v7h-3" />
      <path d="M7 14h10v7H7z" />
    </Svg>
  );
}

function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

export function BookOrder({ bookID }: { bookID: string }) {
  // A server without payments (PAYMENTS=off) sells no printed copy: nothing to show but a word.
  if (usePaymentsOff()) return <NoPaymentsOrder />;
  return <BookOrderSection bookID={bookID} />;
}

function NoPaymentsOrder() {
  const { t } = useTranslation('premium');
  return (
    <p data-testid="book-order-off" className="max-w-prose text-ink-muted">
      {t('noPayments.order')}
    </p>
  );
}

function BookOrderSection({ bookID }: { bookID: string }) {
  const { t } = useTranslation('premium');
  const titleId = useId();
  const offlineId = useId();
  const { online } = useConnectivity();
  const status = usePremiumStatus();
  const orders = useBookOrders(bookID);
  const checkout = useCheckout();
  const busy = checkout.activeProduct === 'book';
  const credits = status.data?.book_credits ?? 0;

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    if (!online || busy) return;
    checkout.start({ product: 'book', bookID });
  }

  return (
    <section
      aria-labelledby={titleId}
      data-testid="book-order"
      className="space-y-4 rounded-2xl border-2 border-line bg-surface p-5 sm:p-6"
    >
      <h2 id={titleId} className="text-2xl">
        {t('order.title')}
      </h2>
      {status.data && (
        <p className="text-lg font-semibold" data-testid="book-order-price">
          {credits > 0 ? t('order.free') : t('order.price', { price: formatMoney(PRICES.book) })}
        </p>
      )}
      {status.data && credits === 0 && <p className="text-ink-muted">{t('order.currency')}</p>}
      <ButtonLink
        to={bookOrderPlansPath(bookID)}
        onClick={onClick}
        aria-disabled={online ? undefined : true}
        aria-busy={busy || undefined}
        aria-describedby={online ? undefined : offlineId}
        className={online ? '' : 'cursor-not-allowed opacity-55'}
      >
        {busy ? <Spinner size="sm" /> : <PrinterIcon />}
        {t('order.button')}
      </ButtonLink>
      {!online && (
        <p id={offlineId} className="text-ink-muted">
          {t('checkout.offline')}
        </p>
      )}
      {checkout.failedProduct === 'book' && <CheckoutErrorNotice error={checkout.error} />}
      {orders.data && orders.data.length > 0 && <OrderList orders={orders.data} />}
    </section>
  );
}

const ORDER_STATUSES: OrderStatus[] = ['paid', 'sent_to_printer', 'shipped'];

type ShippingAddress = NonNullable<OrderWire['shipping_address']>;

/** The address on one line, the country by its name in the person's language. */
export function shippingLine(address: ShippingAddress, language: string): string {
  let country = address.country;
  try {
    country = new Intl.DisplayNames([language], { type: 'region' }).of(address.country) ?? country;
  } catch {
    // An unknown code is shown as it is.
  }
  return [
    address.name,
    address.line1,
    address.line2,
    `${address.postal_code} ${address.city}`,
    country,
  ]
    .filter((part) => part && part.trim())
    .join(', ');
}

function OrderList({ orders }: { orders: OrderWire[] }) {
  const { t, i18n } = useTranslation('premium');
  const titleId = useId();
  return (
    <div className="space-y-2">
      <h3 id={titleId} className="text-xl">
        {t('order.orders.title')}
      </h3>
      <ul aria-labelledby={titleId} className="space-y-2">
        {orders.map((order) => (
          <li
            key={order.id}
            data-testid="book-order-item"
            className="rounded-lg border-2 border-line p-3"
          >
            <p className="font-semibold">
              {t('order.orders.item', { date: formatDate(order.created_at) })}
              {' — '}
              {order.paid_with_credit
                ? t('order.orders.paidWithCredit')
                : t('order.orders.paid', { price: formatMoney(order.amount, order.currency) })}
            </p>
            {ORDER_STATUSES.includes(order.status) && (
              <p>{t(`order.orders.status.${order.status}`)}</p>
            )}
            {order.shipping_address && (
              <p data-testid="book-order-address">
                {t('order.orders.shipTo', {
                  address: shippingLine(order.shipping_address, i18n.language),
                })}
              </p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
