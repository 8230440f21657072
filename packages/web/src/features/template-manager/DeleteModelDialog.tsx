import { useQuery } from '@tanstack/react-query';
import type { ModelTemplate } from '@mdis/shared';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { DialogHeader } from '../../ui/DialogHeader';
import { templateManagerApi, templateManagerKeys, type ModelSummary } from './templateManager.api';
import { useDeleteModel } from './useTemplateMutations';

interface LinkShown {
  relation: string;
  partner: string;
}

/**
 * The model's m:n relations to other models, with the partner's full name where the summary
 * knows its table. The server removes these (and the partners' reverse links) on request.
 */
export function manyToManyLinksOf(model: ModelTemplate | undefined, models: readonly ModelSummary[]): LinkShown[] {
  return Object.values(model?.relations ?? {})
    .filter((r) => r.relationType === 'nm' && r.relatedTable && r.relatedTable !== model?.table)
    .map((r) => ({
      relation: r.name,
      partner: models.find((m) => m.table === r.relatedTable)?.fullName ?? r.relatedTable ?? '',
    }));
}

/**
 * Confirms a model delete. A model with m:n relations can only go with them: the dialog lists
 * them and offers 'Delete with its relations' (both sides and the join tables with their links).
 */
export function DeleteModelDialog(props: { modelName: string; models: readonly ModelSummary[]; onClose: () => void }) {
  const { modelName, onClose } = props;
  const template = useQuery({
    queryKey: templateManagerKeys.model(modelName),
    queryFn: () => templateManagerApi.modelTemplate(modelName),
  });
  const remove = useDeleteModel(onClose);
  const links = manyToManyLinksOf(template.data, props.models);
  const withRelations = links.length > 0;
  return (
    <Dialog open onClose={onClose} aria-labelledby="delete-model-title">
      <DialogHeader id="delete-model-title" onClose={onClose}>
        Delete model template
      </DialogHeader>
      <DialogContent>
        <DialogContentText>{`Delete the model template ${modelName}?`}</DialogContentText>
        {withRelations && (
          <>
            <DialogContentText sx={{ mt: 2 }}>
              Its many-to-many relations will be removed from both models, with their join tables and links:
            </DialogContentText>
            <List dense aria-label={`relations of ${modelName}`}>
              {links.map((link) => (
                <ListItem key={link.relation} disableGutters>
                  <ListItemText primary={link.relation} secondary={`with ${link.partner}`} />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          color="error"
          variant="contained"
          disabled={remove.isPending || template.isPending}
          onClick={() => remove.mutate({ name: modelName, removeRelations: withRelations })}
        >
          {withRelations ? 'Delete with its relations' : 'Delete'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
