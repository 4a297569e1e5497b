import '@mantine/core/styles/Avatar.layer.css';
import { Avatar, Button, FileButton, Group, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { USER_IMAGE_TYPES } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import type { SchemaForm } from '@/hooks/use-schema-form';
import { useUploadUserImage } from '../api/upload-image';
import type { UserFormValues } from './user-form-values';

/** The user's picture: uploaded at once, its address kept in the form until saved. */
export function UserImageField({
  form,
  imageUrl,
}: {
  form: SchemaForm<UserFormValues>;
  imageUrl: string | null;
}) {
  const { t } = useTranslation('users');
  const upload = useUploadUserImage();
  return (
    <Group gap="md" align="center">
      <Avatar src={imageUrl} size={64} radius="xl" color="indigo" alt="">
        {form.getValues().fullName.slice(0, 2).toUpperCase()}
      </Avatar>
      <Group gap="xs">
        <FileButton
          accept={USER_IMAGE_TYPES.join(',')}
          onChange={(file) => {
            if (file) upload.mutate(file, { onSuccess: (url) => form.setFieldValue('imageUrl', url) });
          }}
        >
          {(props) => (
            <Button
              {...props}
              variant="light"
              size="xs"
              leftSection={<IconPhotoUp size={16} />}
              loading={upload.isPending}
            >
              {t('form.uploadImage')}
            </Button>
          )}
        </FileButton>
        {imageUrl ? (
          <Button variant="subtle" color="red" size="xs" onClick={() => form.setFieldValue('imageUrl', null)}>
            {t('form.removeImage')}
          </Button>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        {t('form.imageHint')}
      </Text>
    </Group>
  );
}
