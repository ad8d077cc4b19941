import { CustomsRulesSection } from '../../customs/CustomsRulesSection';
import { ProvenanceQueueSection } from '../../customs/ProvenanceQueueSection';
import { CardDisputesSection } from '../../orders/components/CardDisputesSection';
import { ModerationQueueSection } from '../../moderation/components/ModerationQueueSection';
import { ReportedReviewsSection } from '../../reviews/components/ReportedReviewsSection';

/** /support/disputes */
export function CardDisputesPage() {
  return <CardDisputesSection asPage />;
}

/** /support/provenance */
export function ProvenancePage() {
  return <ProvenanceQueueSection />;
}

/** /support/reviews */
export function ReportedReviewsPage() {
  return <ReportedReviewsSection asPage />;
}

/** /support/customs-rules */
export function CustomsRulesPage() {
  return <CustomsRulesSection />;
}

/** /support/reports */
export function ModerationPage() {
  return <ModerationQueueSection />;
}
