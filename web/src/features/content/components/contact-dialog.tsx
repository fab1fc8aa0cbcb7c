import { Modal, ModalActions, ModalBody } from '../../../components/modal';
import modalCss from '../../../components/modal.module.css';
import { COMPANY } from '../data/company';
import { Button, buttonClass } from '../../../components/button';

export interface ContactDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  intro: string;
  /** mailto: link with a subject that says what the email is about. */
  mailto: string;
  actionLabel: string;
}

/** Contact details for Contact Supplier / Book a Factory Tour, on the one Modal. Lazy-loaded: not home-page weight. */
export default function ContactDialog({ open, onClose, title, intro, mailto, actionLabel }: ContactDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title={title}>
      <ModalBody className={modalCss.tight}>
        <p className={modalCss.text}>{intro}</p>
        <div>
          <p className={modalCss.text}>
            Email: <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
          </p>
          <p className={modalCss.text}>
            Phone: <a href={`tel:${COMPANY.phone.replace(/[^+\d]/g, '')}`}>{COMPANY.phone}</a>
          </p>
        </div>
        <p className={modalCss.muted}>{COMPANY.address}</p>
      </ModalBody>
      <ModalActions>
        <Button variant="text" onClick={onClose}>
          Close
        </Button>
        <a className={buttonClass()} href={mailto}>
          {actionLabel}
        </a>
      </ModalActions>
    </Modal>
  );
}
