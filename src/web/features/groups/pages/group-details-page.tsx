import { Anchor, Badge, Button, Grid, Group, Skeleton, Stack } from "@mantine/core";
import {
  IconArrowLeft,
  IconBolt,
  IconEyeOff,
  IconTrash,
  IconUsersGroup,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { paths } from "../../../app/paths";
import { EmptyState } from "../../../components/empty-state";
import { PageHeader } from "../../../components/page-header";
import { translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";
import { useDeleteGroup } from "../api/delete-group";
import { useGroup } from "../api/get-group";
import { confirmDeleteGroup } from "../components/confirm-delete-group";
import { GroupMembersCard } from "../components/group-members-card";
import { GroupRulesCard } from "../components/group-rules-card";
import { GroupSettingsCard } from "../components/group-settings-card";

/** The group id from ?id=12; anything else (missing, 'abc', -1 'No Group') is no group. */
function groupIdOf(raw: string | null): number | null {
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/** /manage-groups/details?id=N: one group's settings, rules (adaptive) and members. */
export default function GroupDetailsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = groupIdOf(params.get("id"));
  const group = useGroup(id);
  const remove = useDeleteGroup();

  const back = (
    <Anchor component={Link} to={paths.manageGroups} size="sm" mb="sm" display="inline-block">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {t("All groups")}
      </Group>
    </Anchor>
  );

  if (id === null || (group.error instanceof ApiError && group.error.status === 404)) {
    return (
      <>
        {back}
        <EmptyState
          icon={<IconUsersGroup size={28} />}
          title={t("Group not found")}
          description={t("This group does not exist in your account, or it was deleted.")}
          action={{ label: t("Go to groups"), onClick: () => navigate(paths.manageGroups) }}
        />
      </>
    );
  }
  if (group.isError) {
    return (
      <>
        {back}
        <EmptyState
          icon={<IconUsersGroup size={28} />}
          title={t("The group could not be loaded")}
          description={translateMessage(group.error.message)}
          action={{ label: t("Try again"), onClick: () => void group.refetch() }}
        />
      </>
    );
  }
  if (group.isPending) {
    return (
      <Stack gap="md" data-testid="group-loading">
        <Skeleton height={20} width={120} />
        <Skeleton height={34} width={260} />
        <Skeleton height={260} radius="lg" />
        <Skeleton height={200} radius="lg" />
      </Stack>
    );
  }

  const g = group.data;
  const askDelete = () =>
    confirmDeleteGroup(g, () =>
      remove.mutate(g.id, {
        onSuccess: () => {
          notify.success(t("Group '{{name}}' deleted", { name: g.name }));
          navigate(paths.manageGroups, { replace: true });
        },
      }),
    );

  return (
    <>
      {back}
      <PageHeader
        title={g.name}
        description={
          <Group gap={6} component="span">
            {g.type === "adaptive" ? (
              <Badge variant="light" color="grape" tt="none" leftSection={<IconBolt size={12} />}>
                {t("Adaptive")}
              </Badge>
            ) : (
              <Badge variant="light" color="blue" tt="none">
                {t("Static")}
              </Badge>
            )}
            {g.hidden && (
              <Badge
                variant="outline"
                color="gray"
                tt="none"
                leftSection={<IconEyeOff size={12} />}
              >
                {t("Hidden")}
              </Badge>
            )}
          </Group>
        }
        actions={
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={askDelete}
          >
            {t("Delete group")}
          </Button>
        }
      />
      <Stack gap="lg">
        {g.type === "adaptive" ? (
          // Wide screens: settings beside the rules, so the live count stays in view.
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <GroupSettingsCard group={g} wide={false} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <GroupRulesCard group={g} />
            </Grid.Col>
          </Grid>
        ) : (
          <GroupSettingsCard group={g} wide />
        )}
        <GroupMembersCard group={g} />
      </Stack>
    </>
  );
}
