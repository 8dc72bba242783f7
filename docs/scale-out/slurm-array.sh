#!/usr/bin/env bash
# aspectfit over a Slurm job array: 8 tasks, each fits its own slice of one photo tree.
#
#   sbatch --export=ALL,PHOTOS=/shared/photos,OUT=/shared/thumbs docs/scale-out/slurm-array.sh
#
# Every task runs the same command; `--shard auto` reads SLURM_ARRAY_TASK_ID (counted from
# SLURM_ARRAY_TASK_MIN, so --array=1-8 and --array=0-7 both work) and SLURM_ARRAY_TASK_COUNT.
# The slices are disjoint and together cover every input: the 8 tasks write exactly what one run
# would. A requeued task resumes its slice (`--skip-existing`). Use a plain range in --array
# (a list such as 1,3,5 has no fixed step to count slices by).
# Checked by Tests/EndToEndTests/Batch/ScaleOutTests.swift (`bash -n`, and every task run with the
# variables Slurm sets, against one run).
#SBATCH --job-name=aspectfit
#SBATCH --array=1-8
#SBATCH --cpus-per-task=2
#SBATCH --mem=1G
#SBATCH --time=02:00:00
#SBATCH --output=aspectfit-%A_%a.log
set -euo pipefail

photos=${PHOTOS:?set PHOTOS to the folder of originals}
out=${OUT:?set OUT to the output folder}

exec "${ASPECTFIT:-aspectfit}" --shard auto --skip-existing -j "${SLURM_CPUS_PER_TASK:-1}" \
    -R -r 4:3 -w 800 -o "$out/" "$photos/"
