#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--shard K/N`, `--shard auto` and `--shard auto/N`: `auto` takes this task's slice from the
/// array-job variables of the common schedulers, so one command line serves every task:
///
/// - Kubernetes Indexed Job: `JOB_COMPLETION_INDEX` (0-based); the count is not in the
///   environment, so it is given as `auto/N` (N = the Job's `completions`).
/// - Slurm job array: `SLURM_ARRAY_TASK_ID` counted from `SLURM_ARRAY_TASK_MIN` in steps of
///   `SLURM_ARRAY_TASK_STEP` (`--array=1-8` and `--array=0-14:2` both give slices 1..8);
///   the count is `SLURM_ARRAY_TASK_COUNT`.
/// - AWS Batch array job: `AWS_BATCH_JOB_ARRAY_INDEX` (0-based); the count is
///   `AWS_BATCH_JOB_ARRAY_SIZE` when set, else `auto/N`.
///
/// A count from `auto/N` must agree with the environment's. No index, two schedulers' indexes,
/// or an index outside the count is a usage error: a task must never guess its slice.
enum ShardEnvironment {
    static let indexVariables = ["JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "AWS_BATCH_JOB_ARRAY_INDEX"]

    static func parse(_ text: String, environment: [String: String]) throws(UsageError) -> Shard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.first == "auto" {
            guard parts.count <= 2, let given = parts.count == 2 ? Int(parts[1]) : 0, parts.count == 1 || given >= 1 else {
                throw UsageError("--shard: invalid shard '\(text)' (expected K/N, auto or auto/N, such as 2/8 or auto/8)")
            }
            return try fromEnvironment(environment, count: parts.count == 2 ? given : nil)
        }
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else {
            throw UsageError("--shard: invalid shard '\(text)' (expected K/N with 1 <= K <= N such as 2/8, or auto, or auto/N)")
        }
        return Shard(index: k, count: n)
    }

    private static func fromEnvironment(_ env: [String: String], count given: Int?) throws(UsageError) -> Shard {
        let set = indexVariables.filter { env[$0] != nil }
        guard let variable = set.first else {
            throw UsageError("--shard auto: no array-job index in the environment (JOB_COMPLETION_INDEX of a Kubernetes Indexed Job, "
                + "SLURM_ARRAY_TASK_ID of a Slurm array, AWS_BATCH_JOB_ARRAY_INDEX of an AWS Batch array job); use --shard K/N")
        }
        guard set.count == 1 else {
            throw UsageError("--shard auto: \(set.joined(separator: " and ")) are all set, so the slice is ambiguous; use --shard K/N")
        }
        func number(_ name: String) throws(UsageError) -> Int? {
            guard let value = env[name] else { return nil }
            guard let n = Int(value) else { throw UsageError("--shard auto: \(name)='\(value)' is not a whole number") }
            return n
        }
        let raw = try number(variable)!
        var index = raw
        var countVariable: String?
        var envCount: Int?
        switch variable {
        case "SLURM_ARRAY_TASK_ID":
            let min = try number("SLURM_ARRAY_TASK_MIN") ?? 0
            let step = try number("SLURM_ARRAY_TASK_STEP") ?? 1
            guard step >= 1, (raw - min) % step == 0 else {
                throw UsageError("--shard auto: SLURM_ARRAY_TASK_ID=\(raw) is not on the array's range (min \(min), step \(step)); "
                    + "use a range such as --array=1-8, or --shard K/N")
            }
            index = (raw - min) / step
            countVariable = "SLURM_ARRAY_TASK_COUNT"
        case "AWS_BATCH_JOB_ARRAY_INDEX":
            countVariable = "AWS_BATCH_JOB_ARRAY_SIZE"
        default:
            break
        }
        if let countVariable { envCount = try number(countVariable) }
        if let given, let envCount, given != envCount {
            throw UsageError("--shard auto/\(given): \(countVariable!)=\(envCount) says the array has \(envCount) tasks")
        }
        guard let count = given ?? envCount else {
            throw UsageError("--shard auto: \(variable) gives this task's index but nothing gives the number of tasks; "
                + "use --shard auto/N (for a Kubernetes Indexed Job, N is its completions)")
        }
        guard count >= 1, (0..<count).contains(index) else {
            throw UsageError("--shard auto: \(variable)=\(raw) is task \(index + 1) of \(count): outside the array")
        }
        return Shard(index: index + 1, count: count)
    }

    /// The process environment, as the C library holds it.
    static var current: [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let eq = text.firstIndex(of: "=") { result[String(text[..<eq])] = String(text[text.index(after: eq)...]) }
            pointer += 1
        }
        return result
    }
}
