import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import GavelRounded from '@mui/icons-material/GavelRounded';
import InventoryOutlined from '@mui/icons-material/Inventory2Outlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import ReplyRounded from '@mui/icons-material/ReplyRounded';
import type { OrderAction, OrderDetailDto } from '@souvenir/contracts';
import {
  useCancelMutation,
  useConfirmMutation,
  useDecideClaimMutation,
  useMarkDeliveredMutation,
  useOpenClaimMutation,
  useRespondToClaimMutation,
  useShipMutation,
} from '../../../api/ordersApi';
import { useOrderAction } from '../hooks/useOrderAction';
import { ReturnActions } from './ReturnActions';
import { orderItems } from '../../bundle/bundleContract';
import { CancelDialog, ClaimDialog, DecideDialog, RespondDialog, ShipDialog } from './OrderActionDialogs';
import { ConfirmReceiptDialog } from './ConfirmReceiptDialog';

type DialogName = 'ship' | 'cancel' | 'claim' | 'respond' | 'decide' | 'confirm' | null;

interface Props {
  order: OrderDetailDto;
  /** How the page was opened: the order id (members) or the guest's private token. */
  orderRef: string;
}

/** Exactly the buttons the server lists in `actions`, each with its dialog when the action needs words. */
export function OrderActions({ order, orderRef }: Props) {
  const [dialog, setDialog] = useState<DialogName>(null);
  const run = useOrderAction();
  const [ship, shipping] = useShipMutation();
  const [markDelivered, marking] = useMarkDeliveredMutation();
  const [confirm, confirming] = useConfirmMutation();
  const [cancel, cancelling] = useCancelMutation();
  const [openClaim, claiming] = useOpenClaimMutation();
  const [respond, responding] = useRespondToClaimMutation();
  const [decide, deciding] = useDecideClaimMutation();
  const close = () => setDialog(null);
  const has = (action: OrderAction) => order.actions.includes(action);
  const asBuyer = has('requestCancel');

  if (order.actions.length === 0) return null;
  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ flexWrap: 'wrap', '& > *': { flexShrink: 0 } }}
        role="group"
        aria-label="What you can do now"
      >
        {has('ship') && (
          <Button
            variant="contained"
            size="large"
            startIcon={<LocalShippingOutlined />}
            onClick={() => setDialog('ship')}
          >
            Mark as Shipped
          </Button>
        )}
        {has('markDelivered') && (
          <Button
            variant={has('ship') ? 'outlined' : 'contained'}
            size="large"
            startIcon={<InventoryOutlined />}
            disabled={marking.isLoading}
            onClick={() =>
              void run(
                () => markDelivered({ ref: orderRef }).unwrap(),
                'Marked as delivered',
                'Could not mark as delivered',
              )
            }
          >
            Mark as Delivered
          </Button>
        )}
        {has('confirm') && (
          <Button
            variant="contained"
            color="success"
            size="large"
            startIcon={<CheckCircleOutlineRounded />}
            disabled={confirming.isLoading}
            onClick={() => setDialog('confirm')}
          >
            Everything is OK
          </Button>
        )}
        {has('respondToClaim') && (
          <Button variant="contained" size="large" startIcon={<ReplyRounded />} onClick={() => setDialog('respond')}>
            Answer the Claim
          </Button>
        )}
        {has('decideClaim') && (
          <Button variant="contained" size="large" startIcon={<GavelRounded />} onClick={() => setDialog('decide')}>
            Decide the Claim
          </Button>
        )}
        <ReturnActions order={order} orderRef={orderRef} />
        {has('openClaim') && (
          <Button
            variant="outlined"
            color="error"
            size="large"
            startIcon={<ReportProblemOutlined />}
            onClick={() => setDialog('claim')}
          >
            Report a Problem
          </Button>
        )}
        {(has('cancel') || has('requestCancel')) && (
          <Button
            variant="outlined"
            size="large"
            startIcon={<CancelOutlined />}
            onClick={() => setDialog('cancel')}
            sx={{ color: 'text.secondary', borderColor: 'divider' }}
          >
            {asBuyer ? 'Ask to Cancel' : 'Cancel Order'}
          </Button>
        )}
      </Stack>
      <ConfirmReceiptDialog
        open={dialog === 'confirm'}
        busy={confirming.isLoading}
        amount={order.amount}
        onClose={close}
        onConfirm={() =>
          void run(
            () => confirm({ ref: orderRef }).unwrap(),
            'Thank you! The order is complete',
            'Could not confirm the order',
          ).then((done) => done && close())
        }
      />
      <ShipDialog
        open={dialog === 'ship'}
        busy={shipping.isLoading}
        onClose={close}
        onSubmit={(body) =>
          run(() => ship({ ref: orderRef, body }).unwrap(), 'Order marked as shipped', 'Could not mark as shipped')
        }
      />
      <CancelDialog
        open={dialog === 'cancel'}
        busy={cancelling.isLoading}
        asBuyer={asBuyer}
        onClose={close}
        onSubmit={(body) =>
          run(
            () => cancel({ ref: orderRef, body }).unwrap(),
            asBuyer ? 'Cancel request sent to the seller' : 'Order cancelled: the buyer is refunded',
            'Could not cancel the order',
          )
        }
      />
      <ClaimDialog
        items={orderItems(order)}
        open={dialog === 'claim'}
        busy={claiming.isLoading}
        onClose={close}
        onSubmit={(body) =>
          run(
            () => openClaim({ ref: orderRef, body }).unwrap(),
            'Claim opened: the payment is frozen',
            'Could not open the claim',
          )
        }
      />
      <RespondDialog
        open={dialog === 'respond'}
        busy={responding.isLoading}
        onClose={close}
        onSubmit={(body) =>
          run(
            () => respond({ ref: orderRef, body }).unwrap(),
            body.accept ? 'Claim accepted: the buyer is refunded' : 'Answer sent: support will decide',
            'Could not answer the claim',
          )
        }
      />
      {order.claim && (
        <DecideDialog
          open={dialog === 'decide'}
          busy={deciding.isLoading}
          onClose={close}
          onSubmit={(body) =>
            run(
              () => decide({ claimId: order.claim!.id, orderRef, body }).unwrap(),
              body.outcome === 'refund' ? 'Decided: the buyer is refunded' : 'Decided: the payment goes to the seller',
              'Could not decide the claim',
            )
          }
        />
      )}
    </>
  );
}
