import { useRef, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import {
  browseCategoriesOf,
  CONDITIONS,
  CreateProductDto,
  LIMITS,
  SELL_CATEGORIES,
  VELOCITY_MESSAGES,
  type Contents,
  type MeDto,
  type ProductDto,
  type ProvenanceDto,
} from '@souvenir/contracts';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import { asApiError } from '../../../api/api';
import { useCreateProductMutation, useGetProductQuery } from '../../../api/catalogApi';
import { useGetProductCustomsQuery } from '../../customs/customsApi';
import { useUpdateProductMutation } from '../editListingApi';
import { EmptyState } from '../../../components/EmptyState';
import { PageLoader } from '../../../components/PageLoader';
import { useDtoForm } from '../../../hooks/useDtoForm';
import { useToast } from '../../../hooks/useToast';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { FormSection } from '../components/FormSection';
import { focusFirstError } from '../../../utils/focusFirstError';
import { PhotoInput } from '../components/PhotoInput';
import { ContentsSection } from '../../customs/ContentsSection';
import {
  EMPTY_PROVENANCE,
  ProvenanceSection,
  toProvenance,
  type ProvenanceForm,
} from '../../customs/ProvenanceSection';

const conditionLabels: Record<string, string> = { new: 'New', 'like-new': 'Like New', good: 'Good' };
const COUNTRY_SUGGESTIONS = [
  'Japan',
  'France',
  'Italy',
  'Thailand',
  'Morocco',
  'Peru',
  'Mexico',
  'Spain',
  'Greece',
  'India',
  'Turkey',
  'Egypt',
  'Vietnam',
  'Portugal',
  'Brazil',
  'Kenya',
];

const initialValues = {
  title: '',
  description: '',
  price: '',
  originalPrice: '',
  condition: '',
  category: '',
  country: '',
  images: [] as string[],
  isCustomsVerified: false,
  // Required, and nothing is ticked to start with: "None of these" is a claim only the seller may make. An
  // empty list fails the DTO's "Contents is required" check, which brings the checklist into view with the focus.
  contents: [] as Contents[],
};

type SellForm = typeof initialValues;

function toOptionalPrice(value: unknown): number | null {
  if (value === '' || value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * `/sell` lists a new souvenir; `/product/:id/edit` opens the same form prefilled for the listing's seller (every
 * field, photos reordered, added and removed, contents and provenance), and saving goes back to the product page.
 */
export default function SellPage() {
  const { id } = useParams();
  const { user, isLoading } = useCurrentUser();

  if (isLoading) return <PageLoader />;
  if (!user) {
    return (
      <Container maxWidth="sm" sx={{ py: 10 }}>
        <Typography variant="h2" component="h1" sx={{ textAlign: 'center', mb: 4 }}>
          {id ? 'Edit Your Listing' : 'List Your Souvenir'}
        </Typography>
        <EmptyState
          headingLevel="h2"
          icon={<LockOutlined />}
          title="Please Sign In"
          description={
            id ? 'You need to be logged in to edit your listings.' : 'You need to be logged in to list items for sale.'
          }
          action={
            <Button component={RouterLink} to="/" variant="contained">
              Go to Home
            </Button>
          }
        />
      </Container>
    );
  }
  return id ? <EditListing id={id} user={user} /> : <ListingForm user={user} />;
}

/** The seller's own listing, still on sale, loaded into the sell form; anything else says why it cannot be edited. */
function EditListing({ id, user }: { id: string; user: MeDto }) {
  const product = useGetProductQuery(id);
  const customs = useGetProductCustomsQuery(id);
  if (product.isLoading || customs.isLoading) return <PageLoader />;
  const found = product.data;
  const reason = !found
    ? 'This listing does not exist or was removed.'
    : found.seller.id !== user.id
      ? 'Only its seller can edit a listing.'
      : found.status === 'sold'
        ? 'This item has been sold, so its listing can no longer be edited.'
        : null;
  if (!found || reason) {
    return (
      <Container maxWidth="sm" sx={{ py: 10 }}>
        <Typography variant="h2" component="h1" sx={{ textAlign: 'center', mb: 4 }}>
          Edit Your Listing
        </Typography>
        <EmptyState
          headingLevel="h2"
          icon={<SearchOffRounded />}
          title="This Listing Cannot Be Edited"
          description={reason ?? ''}
          action={
            <Button component={RouterLink} to={found ? `/product/${found.id}` : '/'} variant="contained">
              {found ? 'Back to the Listing' : 'Go to Home'}
            </Button>
          }
        />
      </Container>
    );
  }
  return <ListingForm key={found.id} user={user} product={found} provenance={customs.data?.provenance ?? null} />;
}

/** The form's values for a listing as it is (the empty form for a new one). */
function valuesOf(product: ProductDto | undefined): SellForm {
  if (!product) return initialValues;
  return {
    title: product.title,
    description: product.description,
    price: product.price,
    originalPrice: product.originalPrice ?? '',
    condition: product.condition,
    category: product.category,
    country: product.country,
    images: product.images,
    isCustomsVerified: product.isCustomsVerified,
    contents: product.contents ?? [],
  };
}

function provenanceFormOf(provenance: Omit<ProvenanceDto, 'documents'> | null): ProvenanceForm {
  return { ...EMPTY_PROVENANCE, ...(provenance ?? {}), documents: [] };
}

function ListingForm({
  user,
  product,
  provenance: savedProvenance = null,
}: {
  user: MeDto;
  product?: ProductDto;
  provenance?: Omit<ProvenanceDto, 'documents'> | null;
}) {
  const editing = Boolean(product);
  const [createProduct, { isLoading: isListing }] = useCreateProductMutation();
  const [updateProduct, { isLoading: isSaving }] = useUpdateProductMutation();
  const navigate = useNavigate();
  const toast = useToast();
  const { values, setValue, errors, field, handleSubmit } = useDtoForm<SellForm>(CreateProductDto, valuesOf(product));
  const formRef = useRef<HTMLFormElement>(null);
  const [initialProvenance] = useState(() => provenanceFormOf(savedProvenance));
  const [provenance, setProvenance] = useState(initialProvenance);
  const failedTitle = editing ? 'Failed to save your listing' : 'Failed to list product';

  const submit = handleSubmit(
    async (data) => {
      const listing = {
        title: data.title,
        description: data.description,
        price: Number(data.price),
        originalPrice: toOptionalPrice(data.originalPrice),
        condition: data.condition as CreateProductDto['condition'],
        category: data.category,
        country: data.country,
        images: data.images,
        isCustomsVerified: data.isCustomsVerified,
        contents: data.contents,
      };
      try {
        if (product) {
          // Provenance only when changed: its documents are private, never loaded here, and the server keeps them.
          const provenanceChanged = JSON.stringify(provenance) !== JSON.stringify(initialProvenance);
          await updateProduct({
            id: product.id,
            changes: { ...listing, ...(provenanceChanged ? { provenance: toProvenance(provenance) ?? {} } : {}) },
          }).unwrap();
          toast({ title: 'Listing updated', description: 'Buyers see your changes now.' });
          navigate(`/product/${product.id}`);
          return;
        }
        const created = await createProduct({ ...listing, provenance: toProvenance(provenance) }).unwrap();
        if (created.heldForReview) {
          // Saved off sale until support has checked the new account: its page would say "not found" meanwhile.
          toast({ title: 'Listing saved for a check', description: VELOCITY_MESSAGES.listingQueued });
          navigate('/');
          return;
        }
        toast({ title: 'Product listed successfully!' });
        navigate(`/product/${created.id}`);
      } catch (error) {
        toast({
          title: failedTitle,
          description: asApiError(error)?.serverMessage || 'Please check your form and try again',
          variant: 'error',
        });
      }
    },
    (problems) => {
      // Never a silent List Item: the first problem comes into view with the focus, and the toast says why.
      focusFirstError(formRef.current, problems);
      toast({ title: failedTitle, description: 'Please check your form and try again', variant: 'error' });
    },
  );

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="overline" sx={{ color: 'primary.main' }}>
        {editing ? 'Edit listing' : 'Sell'}
      </Typography>
      <Typography variant="h2" component="h1">
        {editing ? 'Edit Your Listing' : 'List Your Souvenir'}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 1, mb: 4 }}>
        {editing
          ? 'Change anything buyers see. Lowering the price tells everyone who favourited it.'
          : 'Tell buyers where it is from and why it is special. Listing is free.'}
      </Typography>
      <Stack component="form" ref={formRef} noValidate spacing={3} onSubmit={submit}>
        <FormSection id="basic-heading" title="Basic Information">
          <TextField
            label="Title"
            required
            placeholder="e.g. Hand-painted ceramic tea set from Kyoto"
            slotProps={{ htmlInput: { maxLength: LIMITS.titleMax + 20 } }}
            {...field('title')}
          />
          <TextField
            label="Description"
            required
            multiline
            minRows={4}
            placeholder="Where did you find it? What makes it special? Any flaws?"
            {...field('description')}
            helperText={errors.description ?? `${values.description.length} / ${LIMITS.descriptionMax}`}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label="Category"
              required
              {...field('category')}
              // Where shoppers will find it: the Categories page cards this sell category is counted in.
              helperText={
                errors.category ??
                (values.category ? `Shown under ${browseCategoriesOf(values.category).join(', ')}` : undefined)
              }
            >
              {SELL_CATEGORIES.map((category) => (
                <MenuItem key={category} value={category}>
                  {category}
                </MenuItem>
              ))}
            </TextField>
            <TextField select label="Condition" required {...field('condition')}>
              {CONDITIONS.map((condition) => (
                <MenuItem key={condition} value={condition}>
                  {conditionLabels[condition]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Autocomplete
            freeSolo
            options={COUNTRY_SUGGESTIONS}
            inputValue={values.country}
            onInputChange={(_event, value) => setValue('country', value)}
            // Enter picks the highlighted suggestion or keeps what was typed; it must not also submit the listing.
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.preventDefault();
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                name="country"
                label="Country of Origin"
                required
                error={Boolean(errors.country)}
                helperText={errors.country}
              />
            )}
          />
        </FormSection>

        <FormSection id="pricing-heading" title="Pricing" description="Prices are in US dollars.">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Price"
              required
              type="number"
              {...field('price')}
              slotProps={{
                htmlInput: { step: 0.01, min: 0 },
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
              }}
            />
            <TextField
              label="Original Price (optional)"
              type="number"
              {...field('originalPrice')}
              helperText={errors.originalPrice ?? 'What you paid abroad; shown struck through'}
              slotProps={{
                htmlInput: { step: 0.01, min: 0 },
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
              }}
            />
          </Stack>
        </FormSection>

        <FormSection
          id="photos-heading"
          title="Photos"
          description={`Add up to ${LIMITS.imagesMax} photos. The first one is the main photo.`}
        >
          <PhotoInput images={values.images} onChange={(images) => setValue('images', images)} error={errors.images} />
        </FormSection>

        <ContentsSection
          contents={values.contents}
          onChange={(contents) => setValue('contents', contents)}
          error={errors.contents}
          sellerLocation={user.location}
        />
        <ProvenanceSection value={provenance} onChange={setProvenance} />

        <FormSection id="customs-heading" title="Customs Verification">
          <FormControlLabel
            control={
              <Checkbox
                checked={values.isCustomsVerified}
                onChange={(event) => setValue('isCustomsVerified', event.target.checked)}
              />
            }
            label="I confirm this item was declared and cleared customs when I brought it home"
          />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Ticked, your listing shows &ldquo;Customs declared by seller&rdquo;: your own word, which a receipt or
            declaration attached above backs further. Unticked, it shows no customs claim.
          </Typography>
        </FormSection>

        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5 }}>
          <Button
            component={RouterLink}
            to={product ? `/product/${product.id}` : '/'}
            size="large"
            sx={{ color: 'text.secondary' }}
          >
            Cancel
          </Button>
          {editing ? (
            <Button type="submit" variant="contained" size="large" disabled={isSaving}>
              {isSaving ? 'Saving...' : 'Save Changes'}
            </Button>
          ) : (
            <Button type="submit" variant="contained" size="large" disabled={isListing}>
              {isListing ? 'Listing...' : 'List Item'}
            </Button>
          )}
        </Box>
      </Stack>
    </Container>
  );
}
