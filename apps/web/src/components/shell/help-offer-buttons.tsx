import { buttonClass } from '@/components/ui/button';
import { OpenModalButton } from './open-modal-button';

/**
 * The help row of the product page and the cart: a help request (HELP) and a special-offer request
 * (SPECIAL_OFFER), each opening the help dialog with its type and reporting the page's own showcase goal
 * (button_product_help … button_cart_special).
 */
export function HelpOfferButtons({
  place,
  helpLabel,
  className,
}: {
  /** Which page's goals the buttons report. */
  place: 'product' | 'cart';
  /** The help button's text: what help the page offers. */
  helpLabel: string;
  /** The row's layout, from the page's own styles. */
  className?: string;
}) {
  return (
    <div className={className}>
      <OpenModalButton
        kind="help"
        helpType="HELP"
        goal={`button_${place}_help`}
        className={buttonClass('secondary', 'sm')}
      >
        {helpLabel}
      </OpenModalButton>
      <OpenModalButton
        kind="help"
        helpType="SPECIAL_OFFER"
        goal={`button_${place}_special`}
        className={buttonClass('secondary', 'sm')}
      >
        Узнать цену со скидкой
      </OpenModalButton>
    </div>
  );
}
