import { useState } from 'react';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import AssignmentReturnOutlined from '@mui/icons-material/AssignmentReturnOutlined';
import InventoryOutlined from '@mui/icons-material/InventoryOutlined';
import { ShipReturnDto, type OrderDetailDto } from '@souvenir/contracts';
import { useDtoForm } from '../../../hooks/useDtoForm';
import { formatMoney } from '../../../utils/money';
import { useOrderAction } from '../hooks/useOrderAction';
import { useConfirmReturnMutation, useShipReturnMutation } from '../returnsApi';
import { FormDialog, useResetOnOpen } from './OrderActionDialogs';
import { ProtectionPeriod } from '../../info/buyerProtection';

const RETURN_INITIAL = { carrier: '', trackingNumber: '' };

/**
 * The return step's buttons, as the server lists them: the buyer's "Send It Back" (carrier and tracking, both
 * required) and the seller's "Item Received", each saying what happens to the money before it is sent.
 */
export function ReturnActions({ order, orderRef }: { order: OrderDetailDto; orderRef: string }) {
  const [dialog, setDialog] = useState<'ship' | 'received' | null>(null);
  const run = useOrderAction();
  const [shipReturn, shipping] = useShipReturnMutation();
  const [confirmReturn, confirming] = useConfirmReturnMutation();
  const { field, handleSubmit, reset } = useDtoForm(ShipReturnDto, RETURN_INITIAL);
  useResetOnOpen(dialog === 'ship', reset, RETURN_INITIAL);
  const close = () => setDialog(null);
  const submitReturn = handleSubmit(async (body) => {
    const done = await run(
      () => shipReturn({ ref: orderRef, body }).unwrap(),
      'Return sent: the seller confirms when it arrives',
      'Could not record the return',
    );
    if (done) close();
  });
  const amount = formatMoney(order.amount);
  return (
    <>
      {order.actions.includes('shipReturn') && (
        <Button
          variant="contained"
          size="large"
          startIcon={<AssignmentReturnOutlined />}
          onClick={() => setDialog('ship')}
        >
          Send It Back
        </Button>
      )}
      {order.actions.includes('confirmReturn') && (
        <Button
          variant="contained"
          size="large"
          startIcon={<InventoryOutlined />}
          onClick={() => setDialog('received')}
        >
          Item Received
        </Button>
      )}
      <FormDialog
        open={dialog === 'ship'}
        onClose={close}
        id="ship-return"
        title="Send the item back"
        text={
          <>
            Post it to the seller and add the tracking number. When the seller confirms it arrived, or{' '}
            <ProtectionPeriod of="returnArrivalDays" /> after you send it, you get {amount} back.
          </>
        }
        busy={shipping.isLoading}
        submitLabel="Send It Back"
        onSubmit={submitReturn}
      >
        <TextField label="Carrier" placeholder="USPS, UPS, DHL..." required autoFocus {...field('carrier')} />
        <TextField label="Tracking number" required {...field('trackingNumber')} />
      </FormDialog>
      <FormDialog
        open={dialog === 'received'}
        onClose={close}
        id="return-received"
        title="Is the item back with you?"
        text={`Confirm only once you have it. The buyer is refunded ${amount} in full and you receive nothing for this sale; you may then put the item back on sale.`}
        busy={confirming.isLoading}
        submitLabel="Yes, Refund the Buyer"
        onSubmit={async (event) => {
          event?.preventDefault();
          const done = await run(
            () => confirmReturn({ ref: orderRef }).unwrap(),
            'Return confirmed: the buyer is refunded',
            'Could not confirm the return',
          );
          if (done) close();
        }}
      >
        {null}
      </FormDialog>
    </>
  );
}
