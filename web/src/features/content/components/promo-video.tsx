import { useState } from 'react';
import ui from '../../../components/ui.module.css';
import { MEDIA } from '../data/company';
import css from './home-sections.module.css';

/**
 * The promotional video (SPEC §1), loaded on demand: until the visitor presses play only a poster
 * image is on the page, so the video file never competes with the first paint.
 */
export function PromoVideo() {
  const [playing, setPlaying] = useState(false);
  const { promoVideo } = MEDIA;
  return (
    <section aria-labelledby="promo-video-heading" className={`${ui.section} ${ui.deferred}`}>
      <h2 id="promo-video-heading" className={ui.sectionTitle}>
        See how we build your parts
      </h2>
      <div className={css.videoFrame}>
        {playing ? (
          <video
            data-testid="promo-video"
            controls
            autoPlay
            playsInline
            preload="auto"
            poster={promoVideo.poster}
            width={1280}
            height={720}
            aria-label={promoVideo.title}
          >
            <source src={promoVideo.src} type={promoVideo.type} />
            Your browser cannot play this video.
          </video>
        ) : (
          <button type="button" className={css.play} onClick={() => setPlaying(true)} aria-label={`Play video: ${promoVideo.title}`}>
            <img src={promoVideo.poster} alt="" width={1280} height={720} loading="lazy" decoding="async" />
            <span className={css.playIcon} aria-hidden="true">
              <svg width="88" height="88" viewBox="0 0 88 88">
                <circle cx="44" cy="44" r="42" fill="rgba(0,0,0,0.55)" stroke="#fff" strokeWidth="3" />
                <path d="M35 27l27 17-27 17z" fill="#fff" />
              </svg>
            </span>
          </button>
        )}
      </div>
      <p className={css.caption}>{promoVideo.title}</p>
    </section>
  );
}
