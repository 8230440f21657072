import Button from '@mui/material/Button';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CodeIcon from '@mui/icons-material/Code';
import MapIcon from '@mui/icons-material/Map';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { FormRecord } from '../api/records.api';
import type { LinkedForm } from './linkedForms';

export interface RecordExtrasProps {
  record: FormRecord | null;
  /** Files assigned to the record; undefined while unknown. */
  fileCount: number | undefined;
  /** Whether archive files can belong to records of this model at all (not to a program, not to a file). */
  hasFiles: boolean;
  canUpload: boolean;
  links: LinkedForm[];
  disabled: boolean;
  onOpenUrl: (url: string) => void;
  onShowFiles: () => void;
  onUploadFiles: () => void;
  onOpenLinked: (link: LinkedForm) => void;
}

function textValue(record: FormRecord | null, key: string): string | null {
  const value = record?.[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Map, RDF/XML, files and the linked-form buttons of the current record. */
export function RecordExtras(props: RecordExtrasProps) {
  const { record, fileCount, hasFiles, canUpload, links, disabled } = props;
  const mapUrl = textValue(record, 'map_url');
  const rdfUrl = textValue(record, 'rdf_url');
  return (
    <>
      {mapUrl && (
        <Button startIcon={<MapIcon />} onClick={() => props.onOpenUrl(mapUrl)}>
          Map
        </Button>
      )}
      {rdfUrl && (
        <Button startIcon={<CodeIcon />} onClick={() => props.onOpenUrl(rdfUrl)}>
          RDF/XML
        </Button>
      )}
      {record && hasFiles && (
        <Button startIcon={<AttachFileIcon />} disabled={disabled} onClick={props.onShowFiles}>
          {fileCount === undefined ? 'show files' : `show files (${fileCount})`}
        </Button>
      )}
      {record && hasFiles && canUpload && (
        <Button startIcon={<UploadFileIcon />} disabled={disabled} onClick={props.onUploadFiles}>
          upload files
        </Button>
      )}
      {record &&
        links.map((link) => (
          <Button
            key={link.key}
            startIcon={<AccountTreeIcon />}
            disabled={disabled}
            aria-label={`${link.kind === 'sub' ? 'Sub-form' : 'Parent form'} ${link.label}`}
            onClick={() => props.onOpenLinked(link)}
          >
            {link.label}
          </Button>
        ))}
    </>
  );
}
