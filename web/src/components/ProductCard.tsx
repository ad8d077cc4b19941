import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import visuallyHidden from '@mui/utils/visuallyHidden';
import type { ProductDto } from '@souvenir/contracts';
import { Link as RouterLink } from 'react-router';
import { useCurrentUserId } from '../features/auth/hooks/useCurrentUser';
import { formatMoney } from '../utils/money';
import { ConditionChip } from './ConditionChip';
import { CustomsChip } from './CustomsChip';
import { FavoriteButton } from './FavoriteButton';
import { OriginChip } from './OriginChip';
import { ProductImage } from './ProductImage';
import { ProductMeta } from './ProductMeta';
import { ReservedChip } from './ReservedChip';
import { translucent } from '../app/theme';

interface Props {
  product: ProductDto;
  layout?: 'grid' | 'list';
  sold?: boolean;
  showFavorite?: boolean;
}

/** A product in browse, profile and favourites lists. */
export function ProductCard({ product, layout = 'grid', sold = false, showFavorite = true }: Props) {
  const list = layout === 'list';
  const userId = useCurrentUserId();
  // Like the product page, the owner gets no heart on their own items.
  const canFavorite = showFavorite && userId !== product.seller.id;
  return (
    <Card
      component="article"
      aria-label={product.title}
      sx={{
        position: 'relative',
        height: '100%',
        // Off screen, a card is neither laid out nor painted until it is scrolled near: Home's first page of 24 lies
        // below a phone's first screen, and laying out and painting it all when it arrived was the longest task of
        // Home's load after the script's own. The size it is given meanwhile is about a card's (and, once it has been
        // rendered, its own).
        contentVisibility: 'auto',
        containIntrinsicSize: 'auto 420px',
        transition: 'transform 180ms, box-shadow 180ms',
        '&:hover': {
          transform: 'translateY(-3px)',
          boxShadow: (theme) => `0 14px 32px ${translucent(theme, 'brand.ink', 0.12)}`,
        },
      }}
    >
      <CardActionArea
        component={RouterLink}
        to={`/product/${product.id}`}
        sx={{
          height: '100%',
          display: 'flex',
          flexDirection: list ? 'row' : 'column',
          alignItems: 'stretch',
          justifyContent: 'flex-start',
        }}
      >
        <Box
          sx={{
            position: 'relative',
            flexShrink: 0,
            width: list ? { xs: 130, sm: 220 } : '100%',
            aspectRatio: list ? undefined : '4 / 3',
            minHeight: list ? 150 : undefined,
          }}
        >
          <ProductImage
            src={product.images[0]}
            alt={product.title}
            sizes={
              list ? '(min-width: 600px) 220px, 130px' : '(min-width: 1200px) 300px, (min-width: 600px) 50vw, 100vw'
            }
          />
          {/* Over the photo, so the chips never move the card's text; a narrow list photo stacks them. */}
          <Stack
            direction={list ? 'column' : 'row'}
            useFlexGap
            spacing={0.75}
            sx={{
              position: 'absolute',
              top: 10,
              left: 10,
              right: list ? 10 : 56,
              flexWrap: 'wrap',
              alignItems: 'flex-start',
            }}
          >
            {!sold && <ReservedChip reservedUntil={product.reservedUntil} />}
            <CustomsChip verified={product.isCustomsVerified} />
            <OriginChip level={product.originLevel} />
          </Stack>
          {sold && (
            <Box
              sx={{
                position: 'absolute',
                inset: 0,
                bgcolor: (theme) => translucent(theme, 'brand.ink', 0.55),
                display: 'grid',
                placeItems: 'center',
              }}
            >
              <Typography
                sx={{
                  color: 'common.white',
                  fontWeight: 800,
                  letterSpacing: '0.2em',
                  fontSize: '1.4rem',
                  border: '3px solid',
                  borderColor: 'common.white',
                  px: 2,
                  borderRadius: 1,
                  transform: 'rotate(-8deg)',
                }}
              >
                SOLD
              </Typography>
            </Box>
          )}
        </Box>
        <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1, flex: 1, minWidth: 0, width: '100%' }}>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
            <PlaceOutlined sx={{ fontSize: 16 }} aria-hidden />
            <Typography variant="caption" sx={{ fontWeight: 600, letterSpacing: '0.04em', textTransform: 'uppercase' }}>
              {product.country}
            </Typography>
          </Stack>
          <Typography
            variant="subtitle1"
            component="h3"
            sx={{
              lineHeight: 1.3,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              pr: list ? 5 : 0,
            }}
          >
            {product.title}
          </Typography>
          {list && (
            <Typography
              variant="body2"
              sx={{
                color: 'text.secondary',
                display: { xs: 'none', sm: '-webkit-box' },
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
            >
              {product.description}
            </Typography>
          )}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography sx={{ fontWeight: 800, fontSize: '1.2rem', color: 'primary.dark' }}>
              {formatMoney(product.price)}
            </Typography>
            {/* A price drop of the last 7 days wins over the price paid abroad: it is the news. */}
            {product.previousPrice ? (
              <Typography variant="body2" sx={{ color: 'text.secondary', textDecoration: 'line-through' }}>
                <Box component="span" sx={visuallyHidden}>
                  Was{' '}
                </Box>
                {formatMoney(product.previousPrice)}
              </Typography>
            ) : (
              product.originalPrice && (
                <Typography variant="body2" sx={{ color: 'text.secondary', textDecoration: 'line-through' }}>
                  {formatMoney(product.originalPrice)}
                </Typography>
              )
            )}
            <Box sx={{ flex: 1 }} />
            <ConditionChip condition={product.condition} />
          </Stack>
          <Box sx={{ mt: 'auto' }}>
            <ProductMeta seller={product.seller} shipsFrom={product.shipsFrom} />
          </Box>
        </Box>
      </CardActionArea>
      {canFavorite && (
        <FavoriteButton
          productId={product.id}
          favorited={product.isFavorited}
          title={product.title}
          sx={{ position: 'absolute', top: 8, right: 8 }}
        />
      )}
    </Card>
  );
}
