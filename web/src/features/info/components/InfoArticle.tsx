import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

/** One section of a policy page: a heading and its paragraphs or lists. */
export function InfoSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box
      component="section"
      aria-labelledby={id}
      sx={{ mt: 5, '& p': { mt: 1.5 }, '& ul': { mt: 1.5, pl: 3 }, '& li': { mt: 0.75 } }}
    >
      <Typography id={id} variant="h5" component="h2">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Body text of a policy page, at a comfortable reading size. */
export function Paragraph({ children }: { children: ReactNode }) {
  return <Typography sx={{ color: 'text.secondary', lineHeight: 1.7 }}>{children}</Typography>;
}

/** A readable page of plain text (Terms, Privacy): one column, a title, what it covers, the date it last changed. */
export function InfoArticle({
  title,
  summary,
  updated,
  children,
}: {
  title: string;
  summary: string;
  updated: string;
  children: ReactNode;
}) {
  return (
    <Container component="article" maxWidth="md" sx={{ py: { xs: 5, md: 8 } }}>
      <Typography variant="h2" component="h1">
        {title}
      </Typography>
      <Typography sx={{ mt: 2, fontSize: '1.1rem' }}>{summary}</Typography>
      <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
        Last updated {updated}
      </Typography>
      {children}
    </Container>
  );
}
