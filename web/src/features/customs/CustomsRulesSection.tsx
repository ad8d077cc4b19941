import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CONTENTS,
  CONTENTS_LABELS,
  CUSTOMS_DISCLAIMER,
  CUSTOMS_RULE_KINDS,
  SELLER_LOCATIONS,
  type CustomsRuleDto,
  type CustomsRuleInputDto,
} from '@souvenir/contracts';
import { asApiError } from '../../api/api';
import { useToast } from '../../hooks/useToast';
import {
  useGetSupportCustomsRulesQuery,
  useLazyGetCustomsRuleHistoryQuery,
  useSaveCustomsRuleMutation,
} from './customsApi';

const COUNTRIES = SELLER_LOCATIONS.filter((c) => c !== 'Any Location');
const today = () => new Date().toISOString().slice(0, 10);
const blankRule = (): CustomsRuleInputDto => ({
  country: COUNTRIES[0]!,
  contents: 'food',
  kind: 'allowed',
  sentence: '',
  sourceUrl: '',
  sourceTitle: '',
  lastCheckedOn: today(),
});

/** Support's rule editor: a new rule, or the next version of one (its country and contents stay), with its history. */
function RuleDialog({ rule, onClose }: { rule: CustomsRuleDto | 'new' | null; onClose: () => void }) {
  const editing = rule && rule !== 'new' ? rule : null;
  const [form, setForm] = useState<CustomsRuleInputDto>(() =>
    editing
      ? {
          country: editing.country,
          contents: editing.contents,
          kind: editing.kind,
          sentence: editing.sentence,
          sourceUrl: editing.sourceUrl,
          sourceTitle: editing.sourceTitle,
          lastCheckedOn: editing.lastCheckedOn,
        }
      : blankRule(),
  );
  const [save, saving] = useSaveCustomsRuleMutation();
  const [loadHistory, history] = useLazyGetCustomsRuleHistoryQuery();
  const toast = useToast();
  const set = <K extends keyof CustomsRuleInputDto>(key: K, value: CustomsRuleInputDto[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const submit = async () => {
    try {
      await save(
        editing ? { ruleId: editing.id, expectedVersion: editing.version, rule: form } : { rule: form },
      ).unwrap();
      toast({ title: editing ? 'Rule saved as a new version' : 'Rule added' });
      onClose();
    } catch (error) {
      toast({ title: 'Could not save the rule', description: asApiError(error)?.serverMessage, variant: 'error' });
    }
  };
  return (
    <Dialog open={Boolean(rule)} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{editing ? `${editing.country}: ${CONTENTS_LABELS[editing.contents]}` : 'Add a rule'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {!editing && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                label="Country"
                value={form.country}
                onChange={(e) => set('country', e.target.value)}
                fullWidth
              >
                {COUNTRIES.map((c) => (
                  <MenuItem key={c} value={c}>
                    {c}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                label="Contents"
                value={form.contents}
                onChange={(e) => set('contents', e.target.value as CustomsRuleInputDto['contents'])}
                fullWidth
              >
                {CONTENTS.filter((c) => c !== 'none').map((c) => (
                  <MenuItem key={c} value={c}>
                    {CONTENTS_LABELS[c]}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          )}
          <TextField
            select
            label="Rule"
            value={form.kind}
            onChange={(e) => set('kind', e.target.value as CustomsRuleInputDto['kind'])}
          >
            {CUSTOMS_RULE_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {k}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Sentence shown to people"
            multiline
            minRows={2}
            value={form.sentence}
            onChange={(e) => set('sentence', e.target.value)}
          />
          <TextField
            label="Source URL"
            type="url"
            value={form.sourceUrl}
            onChange={(e) => set('sourceUrl', e.target.value)}
          />
          <TextField
            label="Source title"
            value={form.sourceTitle}
            onChange={(e) => set('sourceTitle', e.target.value)}
          />
          <TextField
            label="Source last checked"
            type="date"
            value={form.lastCheckedOn}
            onChange={(e) => set('lastCheckedOn', e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {editing && (
            <Box>
              <Button size="small" onClick={() => void loadHistory(editing.id)}>
                Show history
              </Button>
              {history.data && (
                <Stack component="ol" spacing={1} sx={{ pl: 2.5, m: 0 }} aria-label="Rule history">
                  {history.data.map((v) => (
                    <Typography component="li" variant="body2" key={v.version}>
                      Version {v.version} ({v.changedAt.slice(0, 10)}
                      {v.changedBy ? '' : ', seed'}): {v.kind}. {v.sentence}
                    </Typography>
                  ))}
                </Stack>
              )}
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={saving.isLoading}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** /support/customs-rules: the rules editor, every edit a new version with its history. */
export function CustomsRulesSection() {
  const rules = useGetSupportCustomsRulesQuery();
  const [editing, setEditing] = useState<CustomsRuleDto | 'new' | null>(null);
  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h2" component="h1">
          Customs rules
        </Typography>
        <Button variant="outlined" onClick={() => setEditing('new')}>
          Add rule
        </Button>
      </Stack>
      <Typography sx={{ color: 'text.secondary', mt: 1, mb: 2 }}>
        Every edit is a new version. Cite the public source and the day you read it. {CUSTOMS_DISCLAIMER}
      </Typography>
      <Stack component="ul" spacing={1} sx={{ m: 0, p: 0 }} aria-label="Customs rules">
        {(rules.data ?? []).map((rule) => (
          <Card component="li" key={rule.id} sx={{ listStyle: 'none', p: 2 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="subtitle2" component="p">
                  {rule.country} · {CONTENTS_LABELS[rule.contents]} · {rule.kind} · v{rule.version}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  {rule.sentence}
                </Typography>
              </Box>
              <Button size="small" onClick={() => setEditing(rule)}>
                Edit
              </Button>
            </Stack>
          </Card>
        ))}
      </Stack>
      {editing && (
        <RuleDialog
          rule={editing}
          onClose={() => {
            setEditing(null);
            void rules.refetch();
          }}
        />
      )}
    </>
  );
}
