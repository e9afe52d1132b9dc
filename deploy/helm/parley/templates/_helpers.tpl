{{/* The release's name for every object of the chart. */}}
{{- define "parley.fullname" -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "parley.labels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{- define "parley.secretName" -}}
{{- default (printf "%s-secret" (include "parley.fullname" .)) .Values.existingSecret -}}
{{- end -}}

{{- define "parley.claimName" -}}
{{- default (printf "%s-data" (include "parley.fullname" .)) .Values.persistence.existingClaim -}}
{{- end -}}

{{/* The environment every Parley container gets: the shared Secret, the settings, one migrator. */}}
{{- define "parley.env" -}}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ include "parley.secretName" . }}
      key: DATABASE_URL
- name: SECRET_KEY
  valueFrom:
    secretKeyRef:
      name: {{ include "parley.secretName" . }}
      key: SECRET_KEY
- name: PUBLIC_URL
  value: {{ .Values.publicUrl | quote }}
- name: DATA_DIR
  value: /data
- name: MIGRATE
  value: "off"
- name: SEED_DEMO
  value: "false"
- name: LOG_FORMAT
  value: json
{{- if eq .Values.storage.type "s3" }}
- name: STORAGE
  value: s3
- name: S3_BUCKET
  value: {{ .Values.storage.s3.bucket | quote }}
- name: S3_REGION
  value: {{ .Values.storage.s3.region | quote }}
{{- if .Values.storage.s3.endpoint }}
- name: S3_ENDPOINT
  value: {{ .Values.storage.s3.endpoint | quote }}
{{- end }}
{{- if .Values.storage.s3.forcePathStyle }}
- name: S3_FORCE_PATH_STYLE
  value: {{ .Values.storage.s3.forcePathStyle | quote }}
{{- end }}
- name: S3_ACCESS_KEY_ID
  valueFrom:
    secretKeyRef:
      name: {{ include "parley.secretName" . }}
      key: S3_ACCESS_KEY_ID
- name: S3_SECRET_ACCESS_KEY
  valueFrom:
    secretKeyRef:
      name: {{ include "parley.secretName" . }}
      key: S3_SECRET_ACCESS_KEY
{{- end }}
{{- range $name, $value := .Values.extraEnv }}
- name: {{ $name }}
  value: {{ $value | quote }}
{{- end }}
{{- end -}}
