import { Link, useParams } from 'react-router-dom';
import { useTool, useToolLineage } from '../features/catalog/api/use-tools';
// Booking slot: the modal belongs to the booking feature (issue 4); this page only places its button.
import { BookOrderButton } from '../features/booking/components/book-order-button';
import { AddToCart } from '../features/cart/components/add-to-cart';
import { ErrorRetry } from '../components/error-retry';
import { buttonClass } from '../components/button';
import ui from '../components/ui.module.css';
import { paths } from '../lib/infra/paths';
import { useContractPrices } from '../lib/domain/use-contract-prices';
import { PriceText } from '../components/price-text';
import { formatDollars } from '@fridgeparts/common/money';
import { usePageTitle } from '../lib/infra/use-page-title';
import css from './tool-detail-page.module.css';
import { PriceTable } from '../features/catalog/components/price-table';
import { ReviewList } from '../features/reviews/components/review-list';
import { ToolImage } from '../features/catalog/components/tool-image';
import { ToolSpecs } from '../features/catalog/components/tool-specs';
import { ToolModels } from '../features/models/components/tool-models';
import { AvailabilityText } from '../components/availability-text';

/**
 * /purchaseorder/{id} (SPEC §2): image, name, description, price, minimum and available quantity,
 * Book Order, Add to cart; for a discontinued tool (CONTRACT §11) what replaces it instead of the
 * two, and its reviews still. Plain markup and CSS: the booking modal (with the form library) loads only when the buyer books.
 */
const NO_IDS: string[] = [];

export default function ToolDetailPage() {
  const { id } = useParams();
  const { data: tool, error, loading, retry } = useTool(id);
  // Apart from the tool: a live snapshot of it has no resolved replacement (CONTRACT §11).
  const { lineage, pending: lineagePending } = useToolLineage(id, tool);
  usePageTitle(tool ? tool.name : tool === null ? 'Tool not found' : 'Tool');
  // A member's contract price, read after the page has painted with the list price (decision 0062).
  const contract = useContractPrices(id ? [id] : NO_IDS).byTool.get(id ?? '');

  if (error && tool === undefined) {
    return (
      <div className={`${ui.container} ${css.page}`}>
        <ErrorRetry message={`This tool could not be loaded. ${error.message}`} onRetry={retry} />
      </div>
    );
  }

  if (tool === null) {
    return (
      <div className={css.center}>
        <h1 className={ui.pageTitle}>Tool not found</h1>
        <p className={ui.muted} style={{ marginBottom: 24 }}>
          We could not find this tool. It may have been removed from the catalogue, or the link may be mistyped.
        </p>
        <Link to={paths.catalog} className={buttonClass({ variant: 'contained' })}>
          Browse all parts
        </Link>
      </div>
    );
  }

  if (loading || !tool) {
    return (
      <div className={`${ui.container} ${css.page}`} role="progressbar" aria-busy="true" aria-label="Loading the tool">
        <div className={css.layout}>
          <div className={ui.skeleton} style={{ width: '100%', aspectRatio: '4 / 3' }} />
          <div>
            <div className={`${ui.skeleton} ${css.skeletonText}`} style={{ fontSize: '2.5rem' }} />
            <div className={`${ui.skeleton} ${css.skeletonText}`} />
            <div className={`${ui.skeleton} ${css.skeletonText}`} />
            <div className={`${ui.skeleton} ${css.skeletonText}`} style={{ width: '40%' }} />
          </div>
        </div>
      </div>
    );
  }

  const replacedBy = lineage?.replacedBy ?? null;
  // Not offered until it is known whether the tool is discontinued: the server refuses it then.
  const orderable = !replacedBy && !lineagePending;

  return (
    <div className={`${ui.container} ${css.page}`}>
      {/* A buyer comparing parts goes back and forth: the way back to the list is always on the page. */}
      <Link to={paths.catalog} className={css.back}>
        <span aria-hidden="true">← </span>
        All parts
      </Link>
      <article className={css.layout} aria-labelledby="tool-name">
        <ToolImage className={css.image} src={tool.image} alt={tool.name} width={800} height={600} fetchPriority="high" />
        <div>
          <h1 id="tool-name" className={css.name}>
            {tool.name}
          </h1>
          {replacedBy && (
            <p role="status" className={css.replaced} data-testid="tool-replaced-by">
              <strong>Discontinued.</strong> Replaced by{' '}
              <Link to={paths.tool(replacedBy._id)}>
                <span className={css.mono}>{replacedBy.partNumber}</span> {replacedBy.name}
              </Link>
            </p>
          )}
          <p className={css.description}>{tool.description}</p>
          <p className={css.price} data-testid="tool-price">
            <PriceText price={tool.price} contract={contract} unitClassName={css.unit} />
          </p>
          {/* Book Order right under the price: on a phone it keeps to the bottom of the screen while
              the text above it is read (issue 9), and the price breaks come after it, so it never covers
              them (issue 43: placed after them, it hid the first one as the page opened). */}
          {orderable && (
            <div className={css.book}>
              <BookOrderButton tool={tool} />
            </div>
          )}
          <PriceTable tool={tool} contract={contract} />
          <div className={css.buy}>
            <dl className={css.facts}>
              {tool.partNumber && (
                <>
                  <dt>Part number</dt>
                  <dd className={css.mono} data-testid="tool-part-number">
                    {tool.partNumber}
                  </dd>
                </>
              )}
              {tool.packSize > 1 && (
                <>
                  <dt>Pack size</dt>
                  <dd data-testid="tool-pack-size">Sold in packs of {tool.packSize}</dd>
                </>
              )}
              {tool.coreDeposit > 0 && (
                <>
                  <dt>Core deposit</dt>
                  <dd data-testid="tool-core-deposit">{formatDollars(tool.coreDeposit)} a unit, refunded when the old part comes back</dd>
                </>
              )}
              <dt>Minimum quantity</dt>
              <dd data-testid="tool-minimum">{tool.minimumQuantity}</dd>
              <dt>Available quantity</dt>
              <dd data-testid="tool-available">{tool.availableQuantity}</dd>
              <dt>Availability</dt>
              <dd>
                <AvailabilityText availability={tool.availability} />
              </dd>
            </dl>
          </div>
          {/* Or collect it with other parts into one order (CONTRACT §8). Outside the bar that
              keeps Book Order in view on phones, which would otherwise cover a third of the screen. */}
          {orderable && <AddToCart tool={tool} />}
        </div>
      </article>
      <ToolSpecs tool={tool} replaces={lineage?.replaces} />
      {/* The appliance models that list this part (CONTRACT §12), each a link to its drawing. */}
      {lineage && <ToolModels toolId={tool._id} count={lineage.fitsModelCount} />}
      <section className={css.reviews} aria-labelledby="tool-reviews">
        <h2 id="tool-reviews" className={css.reviewsTitle}>
          Reviews of this tool
        </h2>
        <ReviewList toolId={tool._id} />
      </section>
    </div>
  );
}
