import Link from 'next/link';
import { buttonClass, type ButtonVariant } from '@/components/ui/button';
import { buyNowHref } from '@/lib/buy-now';

/**
 * «Купить сейчас» (SPEC mode BUY_NOW): straight to /order with this one product; the cart is left as it is.
 * A plain link, so it works in server and client components alike and before any script has loaded.
 */
export function BuyNowButton({
  slug,
  quantity = 1,
  withInstallation = false,
  variant = 'secondary',
  block = false,
  disabled = false,
  onClick,
}: {
  slug: string;
  quantity?: number;
  withInstallation?: boolean;
  variant?: ButtonVariant;
  block?: boolean;
  /** Out of stock: shown but not followed. */
  disabled?: boolean;
  /** E.g. an analytics goal (showcase metrics button_product_buy). */
  onClick?: () => void;
}) {
  if (disabled) {
    return (
      <span className={buttonClass(variant, 'lg', block)} aria-disabled="true" data-buy-now="">
        Купить сейчас
      </span>
    );
  }
  return (
    <Link
      href={buyNowHref(slug, quantity, withInstallation)}
      className={buttonClass(variant, 'lg', block)}
      onClick={onClick}
      data-buy-now=""
    >
      Купить сейчас
    </Link>
  );
}
