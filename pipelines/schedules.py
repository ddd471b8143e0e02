"""Schedules and sensors (RL iterations). Filled in by the RL work; empty lists keep Definitions valid."""

from __future__ import annotations

import dagster as dg

JOBS: list[dg.UnresolvedAssetJobDefinition] = []
SCHEDULES: list[dg.ScheduleDefinition] = []
SENSORS: list[dg.SensorDefinition] = []
