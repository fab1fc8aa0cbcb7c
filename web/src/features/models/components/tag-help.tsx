import { APPLIANCE_TYPES, type ApplianceType } from '@fridgeparts/common/models/model-basics';
import css from './model-finder.module.css';

/** Where the tag with the model number sits on each kind of appliance: what a technician is told on the phone. */
export const TAG_PLACES: Record<ApplianceType, string> = {
  'top-freezer-refrigerator': 'Open the fresh-food door: the tag is on a side wall near the top, or behind the crisper drawers.',
  'bottom-freezer-refrigerator': 'Open the fresh-food door: the tag is on a side wall near the top, or on the ceiling beside the light.',
  'side-by-side-refrigerator': 'Open the fresh-food (right-hand) door: the tag is on the side wall near the top, or on the ceiling.',
  'french-door-refrigerator': 'Open the left-hand door: the tag is on the side wall near the top, or on the ceiling.',
  'upright-freezer': 'Open the door: the tag is on the left wall near the top, or on the edge of the cabinet by the hinges.',
  'chest-freezer': 'Outside, on the back or a side near the bottom; on some models under the lid, on the rim of the cabinet.',
  'commercial-reach-in': 'Inside the cabinet on the upper left wall, or behind the front grille on the refrigeration deck.',
  'ice-machine': 'Take off the front panel: the tag is on the inside of the cabinet; on some models it is on the back.',
};

/**
 * "Where is my model number?" (CONTRACT §12): for each kind of appliance a small line drawing with
 * the tag's place in orange and a sentence. One disclosure per kind, so the list stays short on a
 * phone and works without the app's scripts (a native <details>).
 */
export function TagHelp() {
  return (
    <section aria-labelledby="tag-help-title" className={css.block}>
      <h2 id="tag-help-title" className={css.blockTitle}>
        Where is my model number?
      </h2>
      <p className={css.lead}>It is on a tag or sticker with the serial number. Choose the kind of appliance:</p>
      <div className={css.help}>
        {APPLIANCE_TYPES.map((t) => (
          <details key={t.key} className={css.helpItem}>
            <summary className={css.helpSummary}>{t.label}</summary>
            <div className={css.helpBody}>
              <img src={`/images/model-tags/${t.key}.svg`} alt={`${t.label}: the tag's place marked in orange`} width={160} height={140} loading="lazy" />
              <p>{TAG_PLACES[t.key]}</p>
            </div>
          </details>
        ))}
      </div>
    </section>
  );
}
