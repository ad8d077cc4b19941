import { useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';

/** A PDF by its path (a signed link's query is not part of the name). */
const isPdf = (url: string) => /\.pdf$/i.test(new URL(url, window.location.origin).pathname);

/**
 * One provenance document shown where support decides: a photo inline, a PDF in the browser's own viewer, and
 * always a link that opens it whole in a new tab (the signed link works for minutes, as long as the page is fresh).
 * A document the browser cannot show inline says so instead of a broken image. `name`: "document 2"; `label`: what
 * the image is to a screen reader ("Document 2 of Lacquer box").
 */
export function EvidenceDocument({ url, name, label }: { url: string; name: string; label: string }) {
  const [failed, setFailed] = useState(false);
  const pdf = isPdf(url);
  return (
    <Stack component="figure" spacing={1} sx={{ m: 0, minWidth: 0 }}>
      <Box
        sx={{
          borderRadius: 2,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
          bgcolor: 'grey.100',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          minHeight: 160,
        }}
      >
        {failed ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', p: 2, textAlign: 'center' }}>
            This document cannot be shown here. Open it to check it.
          </Typography>
        ) : pdf ? (
          <Box
            component="iframe"
            src={url}
            title={label}
            sx={{ width: '100%', height: { xs: 360, sm: 480 }, border: 0, display: 'block' }}
          />
        ) : (
          <Box
            component="img"
            src={url}
            alt={label}
            onError={() => setFailed(true)}
            sx={{ display: 'block', width: '100%', maxHeight: { xs: 360, sm: 480 }, objectFit: 'contain' }}
          />
        )}
      </Box>
      <Typography component="figcaption" variant="body2">
        <Link href={url} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-flex', gap: 0.5 }}>
          Open {name} in a new tab
          <OpenInNewRounded fontSize="inherit" aria-hidden sx={{ mt: '2px' }} />
        </Link>
      </Typography>
    </Stack>
  );
}
