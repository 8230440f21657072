import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CodeIcon from '@mui/icons-material/Code';
import MapIcon from '@mui/icons-material/Map';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { FormRecord } from '../api/records.api';
import type { LinkedForm } from './linkedForms';
import { ToolbarAction } from './ToolbarAction';

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
        <ToolbarAction icon={<MapIcon />} onClick={() => props.onOpenUrl(mapUrl)}>
          Map
        </ToolbarAction>
      )}
      {rdfUrl && (
        <ToolbarAction icon={<CodeIcon />} onClick={() => props.onOpenUrl(rdfUrl)}>
          RDF/XML
        </ToolbarAction>
      )}
      {record && hasFiles && (
        <ToolbarAction icon={<AttachFileIcon />} disabled={disabled} onClick={props.onShowFiles}>
          {fileCount === undefined ? 'show files' : `show files (${fileCount})`}
        </ToolbarAction>
      )}
      {record && hasFiles && canUpload && (
        <ToolbarAction icon={<UploadFileIcon />} disabled={disabled} onClick={props.onUploadFiles}>
          upload files
        </ToolbarAction>
      )}
      {record &&
        links.map((link) => (
          <ToolbarAction
            key={link.key}
            icon={<AccountTreeIcon />}
            disabled={disabled}
            aria-label={`${link.kind === 'sub' ? 'Sub-form' : 'Parent form'} ${link.label}`}
            onClick={() => props.onOpenLinked(link)}
          >
            {link.label}
          </ToolbarAction>
        ))}
    </>
  );
}
