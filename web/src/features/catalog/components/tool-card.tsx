import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ContractPrice } from '@fridgeparts/common/contract-prices.answers';
import type { Tool } from '@fridgeparts/common/tool';
import { paths } from '../../../lib/infra/paths';
import { buttonClass } from '../../../components/button';
import { PriceText } from '../../../components/price-text';
import css from './tool-card.module.css';
import { ToolImage } from './tool-image';
import { AvailabilityText } from '../../../components/availability-text';

/**
 * A tool on the home page and in the catalogue: image, name, short description, price, stock.
 * `action` is more the card offers under Purchase Now (the catalogue's Add to cart, which belongs
 * to the cart feature; the page passes it in). `detail` goes under the name (the catalogue's part
 * number and the number a search found the tool by).
 */
export function ToolCard({
  tool,
  eager = false,
  first = false,
  action,
  detail,
  contract,
}: {
  tool: Tool;
  eager?: boolean;
  /** The page's first card: its picture is the page's largest paint, fetched before the others. */
  first?: boolean;
  action?: ReactNode;
  detail?: ReactNode;
  /** The signed-in member's contract price of this tool (CONTRACT §10), shown over the list price. */
  contract?: ContractPrice | null;
}) {
  // Not derived from the tool's id: the home page shows the newest tool twice (spotlight and
  // grid), and a repeated id names both cards from the first heading (axe duplicate-id-aria).
  const headingId = useId();
  return (
    <article className={css.card} aria-labelledby={headingId}>
      <ToolImage
        className={css.image}
        src={tool.image}
        alt={tool.name}
        width={600}
        height={450}
        loading={eager || first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : undefined}
        decoding="async"
      />
      <div className={css.body}>
        <h3 id={headingId} className={css.name}>
          {tool.name}
        </h3>
        {detail}
        <p className={css.description}>{tool.description}</p>
        <p className={css.price} data-testid="tool-price">
          <PriceText price={tool.price} contract={contract} unitClassName={css.unit} />
        </p>
        <p className={css.stock}>Minimum order: {tool.minimumQuantity}</p>
        <p className={css.stock}>
          <AvailabilityText availability={tool.availability} />
        </p>
      </div>
      <div className={css.actions}>
        <Link className={buttonClass({ variant: 'contained', fullWidth: true })} to={paths.tool(tool._id)} aria-label={`Purchase Now: ${tool.name}`}>
          Purchase Now
        </Link>
        {action}
      </div>
    </article>
  );
}
