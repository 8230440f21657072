import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Switch from '@mui/material/Switch';
import { ROLES } from '@mdis/shared';
import type { UserFormValues } from './userForm.schema';

export interface UserRoleFieldsProps {
  control: Control<UserFormValues, unknown, unknown>;
  errors: FieldErrors<UserFormValues>;
}

/** One checkbox per role, labelled by the role name. */
export function UserRolesField({ control, errors }: UserRoleFieldsProps) {
  return (
    <Controller
      control={control}
      name="roles"
      render={({ field }) => (
        <FormControl component="fieldset" error={Boolean(errors.roles)}>
          <FormLabel component="legend">Roles</FormLabel>
          <FormGroup row>
            {ROLES.map((role) => (
              <FormControlLabel
                key={role}
                label={role}
                control={
                  <Checkbox
                    checked={field.value.includes(role)}
                    onChange={(_e, checked) => {
                      field.onChange(checked ? [...field.value, role] : field.value.filter((r) => r !== role));
                    }}
                  />
                }
              />
            ))}
          </FormGroup>
          {errors.roles && <FormHelperText>{errors.roles.message}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}

export function UserActiveField({ control }: Pick<UserRoleFieldsProps, 'control'>) {
  return (
    <Controller
      control={control}
      name="active"
      render={({ field }) => (
        <FormControlLabel
          label="Active"
          control={
            <Switch
              checked={field.value}
              onChange={(_e, checked) => {
                field.onChange(checked);
              }}
            />
          }
        />
      )}
    />
  );
}
