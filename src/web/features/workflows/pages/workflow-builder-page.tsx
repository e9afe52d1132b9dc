import "@xyflow/react/dist/style.css";
import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  Modal,
  Paper,
  Popover,
  Radio,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import {
  IconAlertTriangle,
  IconChartBar,
  IconDeviceMobileMessage,
  IconHierarchy2,
  IconPlayerPause,
  IconSettings,
} from "@tabler/icons-react";
import {
  applyNodeChanges,
  Background,
  type Connection,
  Controls,
  type Edge,
  type EdgeChange,
  MarkerType,
  type NodeChange,
  ReactFlow,
  type ReactFlowInstance,
} from "@xyflow/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type {
  AutomationGraph,
  AutomationStep,
  StepType,
} from "../../../../domain/automation-graph";
import {
  autoLayout,
  connect,
  disconnect,
  edgesOf,
  NODE_GAP_Y,
  newStep,
  outletsOf,
  type Position,
  problemsByNode,
  removeSteps,
  replaceStep,
  STEP_LABELS,
  TRIGGER_NODE,
  targetOf,
  validateWorkflow,
} from "../../../../domain/workflow-builder";
import type { WorkflowDetail } from "../../../../domain/workflows.schemas";
import { FullPageLoader } from "../../../components/full-page-loader";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";
import {
  useAutomationReport,
  useSaveAutomation,
  useSetAutomationStatus,
} from "../../automations/api/automations";
import { useGroupOptions } from "../../automations/api/pickers";
import { AutomationReportModal } from "../../automations/components/automation-report";
import { EngineClock } from "../../automations/components/engine-clock";
import { StatusBadge } from "../../automations/components/status-badge";
import { useCustomFieldOptions } from "../api/fields";
import { usePublishWorkflow, useSaveLayout, useUserOptions, useWorkflow } from "../api/workflows";
import { StepList } from "../components/step-list";
import { StepNode, type StepNodeType } from "../components/step-node";
import { AddStepMenu, OutletsEditor, PanelTitle, StepFields } from "../components/step-panel";
import { stepSummary, triggerLine, useLookups } from "../components/step-summary";
import { TestRunModal } from "../components/test-run-modal";
import classes from "../components/workflow-builder.module.css";
import { problemText } from "../lib/problem-text";
import { formPath, slugOf, WORKFLOWS } from "../workflow-paths";

const NODE_TYPES = { step: StepNode };

/** /workflows/builder/:id — the visual builder. */
export default function WorkflowBuilderPage() {
  const { t } = useTranslation();
  const raw = useParams().id ?? "";
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const wf = useWorkflow(id);
  if (id === null || wf.isError)
    return (
      <LoadFailed
        icon={<IconHierarchy2 size={28} />}
        title={t("This workflow could not be loaded")}
        query={wf}
      />
    );
  if (wf.isPending) return <FullPageLoader />;
  return <Builder key={`${wf.data.id}`} saved={wf.data} />;
}

function Builder(props: { saved: WorkflowDetail }) {
  const { t } = useTranslation();
  const saved = props.saved;
  const phone = useMediaQuery("(max-width: 48em)");
  const [graph, setGraph] = useState<AutomationGraph>(saved.graph);
  const [savedGraph, setSavedGraph] = useState<AutomationGraph>(saved.graph);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [selectedEdges, setSelectedEdges] = useState<Set<string>>(new Set());
  const [askMove, setAskMove] = useState(false);
  const [moveRuns, setMoveRuns] = useState<"keep" | "move">("keep");
  const [testing, setTesting] = useState(false);
  const [report, setReport] = useState(false);

  const groups = useGroupOptions();
  const fields = useCustomFieldOptions();
  const users = useUserOptions();
  const save = useSaveAutomation();
  const setStatus = useSetAutomationStatus();
  const publish = usePublishWorkflow();
  const saveLayout = useSaveLayout();
  const live = useAutomationReport(saved.status === "draft" ? null : saved.id);

  const lookups = useLookups();
  const options = useMemo(
    () => ({ groups: groups.data ?? [], fields: fields.data ?? [], users: users.data ?? [] }),
    [groups.data, fields.data, users.data],
  );

  const problems = useMemo(() => validateWorkflow(saved.trigger, graph), [saved.trigger, graph]);
  // Shown in the active language: t changes with it, and the sentences with t.
  // biome-ignore lint/correctness/useExhaustiveDependencies: t changes with the language
  const byNode = useMemo(
    () => problemsByNode(problems.map((p) => ({ ...p, message: problemText(p.message) }))),
    [problems, t],
  );
  const dirty = JSON.stringify(graph) !== JSON.stringify(savedGraph);
  const waiting = useMemo(
    () => new Map((live.data?.steps ?? []).map((s) => [s.stepId, s.waiting])),
    [live.data],
  );

  const titleOf = useCallback(
    (sid: string) => {
      const s = graph.steps.find((x) => x.id === sid);
      if (!s) return sid;
      return `${s.label || translateMessage(STEP_LABELS[s.type])} · ${stepSummary(s, lookups).slice(0, 40)}`;
    },
    [graph, lookups],
  );

  // ---- the canvas's nodes: positions live here (saved as the layout), the rest from the graph.
  const [nodes, setNodes] = useState<StepNodeType[]>([]);
  const positions = useRef<Record<string, Position>>({ ...(saved.layout?.positions ?? {}) });
  useEffect(() => {
    const auto = autoLayout(graph);
    setNodes((prev) => {
      const before = new Map(prev.map((n) => [n.id, n]));
      const ids = [TRIGGER_NODE, ...graph.steps.map((s) => s.id)];
      return ids.map((nid) => {
        const step = graph.steps.find((s) => s.id === nid) ?? null;
        const old = before.get(nid);
        const position = old?.position ?? positions.current[nid] ?? auto[nid] ?? { x: 0, y: 0 };
        return {
          ...(old ?? {}),
          id: nid,
          type: "step" as const,
          position,
          selected: nid === selectedId,
          deletable: nid !== TRIGGER_NODE && graph.steps.length > 1,
          data: {
            title: step ? step.label || translateMessage(STEP_LABELS[step.type]) : t("Trigger"),
            summary: step ? stepSummary(step, lookups) : triggerLine(saved.trigger, lookups),
            problems: byNode.get(nid) ?? [],
            outlets: step ? outletsOf(step) : [{ handle: "next", label: null }],
            isTrigger: !step,
            isEnd: step?.type === "end",
            waiting: waiting.get(nid) ?? 0,
          },
        };
      });
    });
  }, [graph, lookups, byNode, saved.trigger, waiting, selectedId, t]);

  // A step added (or removed) is brought into view.
  const flow = useRef<ReactFlowInstance<StepNodeType> | null>(null);
  const stepCount = graph.steps.length;
  useEffect(() => {
    if (stepCount === 0) return;
    const timer = setTimeout(
      () => void flow.current?.fitView({ padding: 0.2, maxZoom: 1, duration: 200 }),
      50,
    );
    return () => clearTimeout(timer);
  }, [stepCount]);

  const edges: Edge[] = useMemo(
    () =>
      edgesOf(graph).map((e) => ({
        id: e.id,
        source: e.source,
        sourceHandle: e.sourceHandle,
        target: e.target,
        type: "smoothstep",
        deletable: e.source !== TRIGGER_NODE,
        selected: selectedEdges.has(e.id),
        markerEnd: { type: MarkerType.ArrowClosed },
      })),
    [graph, selectedEdges],
  );

  const persistLayout = useCallback(
    (ns: StepNodeType[]) => {
      const next: Record<string, Position> = {};
      for (const n of ns) next[n.id] = { x: Math.round(n.position.x), y: Math.round(n.position.y) };
      positions.current = next;
      saveLayout.mutate({ id: saved.id, layout: { positions: next } });
    },
    [saveLayout, saved.id],
  );

  const onNodesChange = useCallback((changes: NodeChange<StepNodeType>[]) => {
    for (const c of changes) {
      if (c.type === "select" && c.selected) setSelectedId(c.id);
      if (c.type === "select" && !c.selected) setSelectedId((s) => (s === c.id ? null : s));
    }
    // Removals go through the graph (onNodesDelete); the rest (moves, sizes) through the nodes.
    setNodes((ns) =>
      applyNodeChanges(
        changes.filter((c) => c.type !== "remove"),
        ns,
      ),
    );
  }, []);

  // Only lines the user selected are cut here: the lines of a deleted step go with the step
  // (removeSteps), so that a removed start can still hand the trigger on.
  const onEdgesChange = useCallback(
    (changes: EdgeChange[]) => {
      const picked = new Set(selectedEdges);
      for (const c of changes)
        if (c.type === "select") {
          if (c.selected) picked.add(c.id);
          else picked.delete(c.id);
        }
      const gone = changes.flatMap((c) => (c.type === "remove" && picked.has(c.id) ? [c.id] : []));
      for (const id of gone) picked.delete(id);
      setSelectedEdges(picked);
      if (!gone.length) return;
      setGraph((g) => {
        let out = g;
        for (const id of gone) {
          const [source, handle] = id.split(":") as [string, string];
          out = disconnect(out, source, handle);
        }
        return out;
      });
    },
    [selectedEdges],
  );

  const onConnect = useCallback((c: Connection) => {
    if (!c.source || !c.target) return;
    setGraph((g) => connect(g, c.source, c.sourceHandle ?? "next", c.target));
  }, []);

  const deleteSteps = useCallback(
    (ids: string[]) => {
      setGraph((g) => {
        const next = removeSteps(g, ids);
        if (next === g && ids.some((x) => x !== TRIGGER_NODE))
          notify.error(t("A workflow keeps at least one step"));
        return next;
      });
      setSelectedId(null);
    },
    [t],
  );

  /** A new step on an outlet: it takes the outlet's old target as its own next. */
  const addStep = (sourceId: string, handle: string, type: StepType) => {
    const step = newStep(graph, type);
    const source = graph.steps.find((s) => s.id === sourceId) ?? null;
    const oldTarget = source ? targetOf(source, handle) : graph.start;
    let placed: AutomationStep = step;
    const firstOutlet = outletsOf(step)[0];
    if (oldTarget && firstOutlet && graph.steps.some((s) => s.id === oldTarget))
      placed = connect(
        { start: graph.start, steps: [step] },
        step.id,
        firstOutlet.handle,
        oldTarget,
      ).steps[0] as AutomationStep;
    const withStep = { ...graph, steps: [...graph.steps, placed] };
    const next = connect(withStep, source ? sourceId : TRIGGER_NODE, handle, step.id);
    // Below its source, and everything under it one row further down.
    const from = nodes.find((n) => n.id === sourceId)?.position ?? { x: 0, y: 0 };
    const outletIndex = source ? outletsOf(source).findIndex((o) => o.handle === handle) : 0;
    const count = source ? outletsOf(source).length : 1;
    const x = from.x + (outletIndex - (count - 1) / 2) * 280;
    setNodes((ns) =>
      ns.map((n) =>
        n.position.y > from.y && Math.abs(n.position.x - x) < 240
          ? { ...n, position: { x: n.position.x, y: n.position.y + NODE_GAP_Y } }
          : n,
      ),
    );
    positions.current[step.id] = { x, y: from.y + NODE_GAP_Y };
    setGraph(next);
    setSelectedId(step.id);
  };

  const selected = selectedId === null ? null : selectedId;
  const selectedStep = graph.steps.find((s) => s.id === selected) ?? null;

  // ---- save, publish, pause
  const body = (g: AutomationGraph) => ({
    kind: "workflow" as const,
    name: saved.name,
    trigger: saved.trigger,
    graph: g,
    phoneNumberId: saved.phoneNumberId,
    exitOnReply: saved.exitOnReply,
    exitOnGroupLeave: saved.exitOnGroupLeave,
  });

  const doSave = (move: boolean, then?: () => void) =>
    save.mutate(
      { id: saved.id, body: body(graph), moveRuns: move },
      {
        onSuccess: (a) => {
          setSavedGraph(graph);
          persistLayout(nodes);
          if (!then)
            notify.success(
              a.version > saved.version || dirty
                ? t("Saved as version {{version}}", { version: a.version })
                : t("Saved"),
            );
          then?.();
        },
        onError: (e) => e instanceof ApiError && notify.error(e.message),
      },
    );

  const onSave = () => {
    if (saved.status === "active" && problems.length) {
      notify.error(
        problems.length === 1
          ? t("Fix the problem marked on the steps first: the workflow is running")
          : t("Fix the {{n}} problems marked on the steps first: the workflow is running", {
              n: problems.length,
            }),
      );
      return;
    }
    if (saved.status !== "draft" && dirty && saved.active > 0) {
      setAskMove(true);
      return;
    }
    doSave(false);
  };

  const onPublish = () => {
    if (problems.length) {
      notify.error(
        problems.length === 1
          ? t("Fix the problem marked on the steps before publishing")
          : t("Fix the {{n}} problems marked on the steps before publishing", {
              n: problems.length,
            }),
      );
      return;
    }
    const go = () =>
      publish.mutate(saved.id, {
        onSuccess: (a) =>
          notify.success(
            t("{{name}} is running (version {{version}})", { name: a.name, version: a.version }),
          ),
        onError: (e) => e instanceof ApiError && notify.error(e.message),
      });
    if (dirty) doSave(false, go);
    else go();
  };

  // A new workflow is its trigger and an end: say what to do first, and offer it.
  const onlyEnd = graph.steps.every((st) => st.type === "end");
  const addFirst = (
    <AddStepMenu
      label={t("Add the first step")}
      size="sm"
      onPick={(type) => addStep(TRIGGER_NODE, "next", type)}
    />
  );

  const panel = (
    <Stack gap="md">
      {selected === null ? (
        <Stack gap="xs">
          <PanelTitle title={t("Build your workflow")} />
          {onlyEnd ? (
            <>
              <Text size="sm" c="dimmed">
                {t(
                  "Nothing happens after the trigger yet. Add the first step: a text, a wait, a question and more.",
                )}
              </Text>
              <Group>{addFirst}</Group>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t(
                "Select a step to edit it. Drag from a step's dot to another step to connect them; select a step or a line and press Delete to remove it. Every branch must lead somewhere, and a loop needs a wait.",
              )}
            </Text>
          )}
        </Stack>
      ) : selected === TRIGGER_NODE ? (
        <Stack gap="sm">
          <PanelTitle title={t("Trigger")} />
          <Text size="sm">{triggerLine(saved.trigger, lookups)}</Text>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconSettings size={14} />}
            component={Link}
            to={formPath("edit", "details", slugOf(saved.trigger.type), saved.id)}
          >
            {t("Change the trigger")}
          </Button>
          <OutletsEditor
            graph={graph}
            sourceId={TRIGGER_NODE}
            step={null}
            titleOf={titleOf}
            onConnect={(_h, to) => to && setGraph((g) => connect(g, TRIGGER_NODE, "next", to))}
            onAdd={(h, type) => addStep(TRIGGER_NODE, h, type)}
          />
        </Stack>
      ) : selectedStep ? (
        <Stack gap="sm" key={selectedStep.id} data-testid="step-panel">
          <PanelTitle
            title={translateMessage(STEP_LABELS[selectedStep.type])}
            onDelete={graph.steps.length > 1 ? () => deleteSteps([selectedStep.id]) : undefined}
          />
          <TextInput
            label={t("Step name (optional)")}
            value={selectedStep.label ?? ""}
            maxLength={120}
            onChange={(e) => {
              const label = e.currentTarget.value;
              setGraph((g) =>
                replaceStep(g, { ...selectedStep, label: label === "" ? undefined : label }),
              );
            }}
          />
          <StepFields
            step={selectedStep}
            options={options}
            onChange={(s) => setGraph((g) => replaceStep(g, s))}
          />
          {(byNode.get(selectedStep.id) ?? []).map((p) => (
            <Text key={p} size="xs" c="red.8" role="alert">
              {p}
            </Text>
          ))}
          <OutletsEditor
            graph={graph}
            sourceId={selectedStep.id}
            step={selectedStep}
            titleOf={titleOf}
            onConnect={(h, to) =>
              setGraph((g) =>
                to ? connect(g, selectedStep.id, h, to) : disconnect(g, selectedStep.id, h),
              )
            }
            onAdd={(h, type) => addStep(selectedStep.id, h, type)}
          />
        </Stack>
      ) : null}
    </Stack>
  );

  return (
    <>
      <PageHeader
        title={saved.name}
        description={
          dirty
            ? t("{{trigger}} · version {{version}} · unsaved changes", {
                trigger: triggerLine(saved.trigger, lookups),
                version: saved.version,
              })
            : t("{{trigger}} · version {{version}}", {
                trigger: triggerLine(saved.trigger, lookups),
                version: saved.version,
              })
        }
        actions={
          <Group gap="xs">
            <StatusBadge status={saved.status} size="lg" />
            <ProblemsButton
              running={saved.status === "active"}
              problems={problems.map(
                (p) =>
                  `${p.stepId === TRIGGER_NODE ? t("Trigger") : p.stepId}: ${problemText(p.message)}`,
              )}
              onPick={(i) => setSelectedId(problems[i]?.stepId ?? null)}
            />
            <Button
              variant="default"
              leftSection={<IconDeviceMobileMessage size={16} />}
              onClick={() => setTesting(true)}
            >
              {t("Test run")}
            </Button>
            {saved.status !== "draft" && (
              <Button
                variant="default"
                leftSection={<IconChartBar size={16} />}
                onClick={() => setReport(true)}
              >
                {t("Report")}
              </Button>
            )}
            <Button variant="default" onClick={onSave} loading={save.isPending} disabled={!dirty}>
              {t("Save")}
            </Button>
            {saved.status === "active" ? (
              <Button
                variant="light"
                color="yellow"
                leftSection={<IconPlayerPause size={16} />}
                loading={setStatus.isPending}
                onClick={() =>
                  setStatus.mutate(
                    { id: saved.id, status: "paused" },
                    {
                      onSuccess: () =>
                        notify.success(t("{{name}} is paused", { name: saved.name })),
                    },
                  )
                }
              >
                {t("Pause")}
              </Button>
            ) : (
              <Button onClick={onPublish} loading={publish.isPending}>
                {saved.status === "draft" ? t("Publish") : t("Save and resume")}
              </Button>
            )}
          </Group>
        }
      />
      <EngineClock />
      {saved.status === "active" && dirty && (
        <Alert color="blue" mb="sm" variant="light">
          {t(
            "The workflow is running: saving makes a new version. People already inside stay on the version they entered unless you choose to move them.",
          )}
        </Alert>
      )}
      {phone ? (
        <>
          <StepList
            graph={graph}
            trigger={triggerLine(saved.trigger, lookups)}
            lookups={lookups}
            problems={byNode}
            selectedId={selectedId}
            onSelect={setSelectedId}
            panel={panel}
          />
          {onlyEnd && (
            <Group mt="sm" data-testid="add-first-step">
              {addFirst}
            </Group>
          )}
        </>
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <div className={classes.canvas} data-testid="workflow-canvas">
              <ReactFlow
                nodes={nodes}
                edges={edges}
                nodeTypes={NODE_TYPES}
                onNodesChange={onNodesChange}
                onEdgesChange={onEdgesChange}
                onConnect={onConnect}
                onInit={(i) => {
                  flow.current = i;
                }}
                onNodesDelete={(ns) => deleteSteps(ns.map((n) => n.id))}
                onNodeDragStop={() => persistLayout(nodes)}
                onPaneClick={() => setSelectedId(null)}
                deleteKeyCode={["Backspace", "Delete"]}
                fitView
                fitViewOptions={{ padding: 0.2, maxZoom: 1 }}
                minZoom={0.2}
                proOptions={{ hideAttribution: true }}
              >
                <Background gap={20} />
                <Controls showInteractive={false} />
              </ReactFlow>
            </div>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder radius="lg" p="md" className={classes.panel} data-testid="side-panel">
              {panel}
            </Paper>
          </Grid.Col>
        </Grid>
      )}
      <Group mt="sm">
        <Anchor component={Link} to={WORKFLOWS} size="sm">
          {t("Back to workflows")}
        </Anchor>
      </Group>
      <Modal opened={askMove} onClose={() => setAskMove(false)} title={t("Save a new version")}>
        <Stack>
          <Text size="sm">
            {t("{{count}} people are inside this workflow now.", { count: saved.active })}
          </Text>
          <Radio.Group value={moveRuns} onChange={(v) => setMoveRuns(v as "keep" | "move")}>
            <Stack gap="xs">
              <Radio
                value="keep"
                label={t(
                  "Keep them on version {{version}} until they finish (new people get the new version)",
                  { version: saved.version },
                )}
              />
              <Radio
                value="move"
                label={t(
                  "Move them to the new version now (at the step with the same id; anyone whose step is gone leaves)",
                )}
              />
            </Stack>
          </Radio.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAskMove(false)}>
              {t("Cancel")}
            </Button>
            <Button
              loading={save.isPending}
              onClick={() =>
                doSave(moveRuns === "move", () => {
                  setAskMove(false);
                  notify.success(t("Saved as a new version"));
                })
              }
            >
              {t("Save")}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <TestRunModal
        opened={testing}
        onClose={() => setTesting(false)}
        workflowId={saved.id}
        unsaved={dirty}
      />
      <AutomationReportModal of={report ? saved : null} onClose={() => setReport(false)} />
    </>
  );
}

function ProblemsButton(props: {
  problems: string[];
  running: boolean;
  onPick: (i: number) => void;
}) {
  const { t } = useTranslation();
  if (!props.problems.length)
    return (
      <Text size="sm" c="teal.9" data-testid="workflow-valid">
        {props.running ? t("No problems") : t("Ready to publish")}
      </Text>
    );
  return (
    <Popover position="bottom-end" withinPortal width={320}>
      <Popover.Target>
        <Button
          variant="light"
          color="red"
          leftSection={<IconAlertTriangle size={16} />}
          data-testid="workflow-problems"
        >
          {t("{{count}} problems", { count: props.problems.length })}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6}>
          {props.problems.map((p, i) => (
            <Anchor
              key={p}
              component="button"
              type="button"
              size="sm"
              ta="left"
              onClick={() => props.onPick(i)}
            >
              {p}
            </Anchor>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
