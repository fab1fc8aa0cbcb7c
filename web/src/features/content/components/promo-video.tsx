import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MEDIA } from '../data/company';

const frame = { position: 'relative', width: '100%', aspectRatio: '16 / 9', borderRadius: 2, overflow: 'hidden', bgcolor: '#0a2233' } as const;

/**
 * The promotional video (SPEC §1), loaded on demand: until the visitor presses play only a poster
 * image is on the page, so the video file never competes with the first paint.
 */
export function PromoVideo() {
  const [playing, setPlaying] = useState(false);
  const { promoVideo } = MEDIA;
  return (
    <Box component="section" aria-labelledby="promo-video-heading" sx={{ py: 6 }}>
      <Typography id="promo-video-heading" variant="h4" component="h2" gutterBottom>
        See how we build your parts
      </Typography>
      <Box sx={frame}>
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
            style={{ width: '100%', height: '100%', display: 'block' }}
            aria-label={promoVideo.title}
          >
            <source src={promoVideo.src} type={promoVideo.type} />
            Your browser cannot play this video.
          </video>
        ) : (
          <Box
            component="button"
            type="button"
            onClick={() => setPlaying(true)}
            aria-label={`Play video: ${promoVideo.title}`}
            sx={{ all: 'unset', cursor: 'pointer', display: 'block', width: '100%', height: '100%', position: 'relative', '&:focus-visible': { outline: '3px solid #ffb300', outlineOffset: '-3px' } }}
          >
            <img src={promoVideo.poster} alt="" width={1280} height={720} loading="lazy" decoding="async" style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
            <Box component="span" aria-hidden="true" sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
              <svg width="88" height="88" viewBox="0 0 88 88">
                <circle cx="44" cy="44" r="42" fill="rgba(0,0,0,0.55)" stroke="#fff" strokeWidth="3" />
                <path d="M35 27l27 17-27 17z" fill="#fff" />
              </svg>
            </Box>
          </Box>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {promoVideo.title}
      </Typography>
    </Box>
  );
}
