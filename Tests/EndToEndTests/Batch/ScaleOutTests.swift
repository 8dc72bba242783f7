import Foundation
import Testing
import TestSupport

/// Issue 10 "scale-out recipes that actually run": `--shard auto` for Kubernetes, Slurm and AWS
/// Batch arrays, the README's GNU parallel line, and the manifests in docs/scale-out/, each run
/// here as its scheduler would run it. The oracle: the union of the slices is byte for byte one
/// unsharded run, and the slices are disjoint.
@Suite struct ScaleOutTests {
    /// Runs `executable` with the test's environment minus every scheduler variable, plus `variables`.
    static func run(_ arguments: [String], in directory: URL, variables: [String: String] = [:],
                    executable: URL = CommandRunner.binary) throws -> CommandRunner.Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment.filter { key, _ in
            !key.hasPrefix("SLURM_") && !key.hasPrefix("AWS_BATCH_") && key != "JOB_COMPLETION_INDEX"
        }
        environment["ASPECTFIT"] = CommandRunner.binary.path
        process.environment = environment.merging(variables) { $1 }
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return CommandRunner.finish(process, out, err)
    }

    /// A photo tree of 10 JPEG and PNG files in three folders.
    static func photos(_ sandbox: Sandbox, under folder: String = "photos") throws {
        for i in 0..<10 {
            let sub = ["", "trip/", "trip/day2/"][i % 3]
            try sandbox.copy(i % 4 == 0 ? Samples.png : Samples.jpeg, to: "\(folder)/\(sub)img\(i).\(i % 4 == 0 ? "png" : "jpg")")
        }
    }

    /// Every file below `dir` with its bytes.
    static func tree(_ sandbox: Sandbox, _ dir: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for file in sandbox.files(under: dir) { result[file] = try sandbox.data("\(dir)/\(file)") }
        return result
    }

    /// The inputs one `--dry-run --json` run would process.
    static func planned(_ result: CommandRunner.Result) -> [String] {
        result.jsonLines.compactMap { $0["summary"] == nil ? $0["input"] as? String : nil }
    }

    /// (scheduler, `--shard` value, the variables of task k of 8, k = 1...8)
    static let schedulers: [(String, String, @Sendable (Int) -> [String: String])] = [
        ("kubernetes", "auto/8", { ["JOB_COMPLETION_INDEX": "\($0 - 1)"] }),
        ("slurm --array=1-8", "auto", { ["SLURM_ARRAY_TASK_ID": "\($0)", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "8",
                                         "SLURM_ARRAY_TASK_COUNT": "8", "SLURM_ARRAY_TASK_STEP": "1", "SLURM_ARRAY_JOB_ID": "77"] }),
        ("slurm --array=0-14:2", "auto", { ["SLURM_ARRAY_TASK_ID": "\(2 * ($0 - 1))", "SLURM_ARRAY_TASK_MIN": "0",
                                            "SLURM_ARRAY_TASK_MAX": "14", "SLURM_ARRAY_TASK_STEP": "2", "SLURM_ARRAY_TASK_COUNT": "8"] }),
        ("slurm --array=5-12 auto/8", "auto/8", { ["SLURM_ARRAY_TASK_ID": "\($0 + 4)", "SLURM_ARRAY_TASK_MIN": "5", "SLURM_ARRAY_TASK_COUNT": "8"] }),
        ("aws batch with size", "auto", { ["AWS_BATCH_JOB_ARRAY_INDEX": "\($0 - 1)", "AWS_BATCH_JOB_ARRAY_SIZE": "8"] }),
        ("aws batch", "auto/8", { ["AWS_BATCH_JOB_ARRAY_INDEX": "\($0 - 1)"] }),
    ]

    @Test(arguments: 0..<6)
    func shardAutoTakesTheSliceTheSchedulerGives(scheduler: Int) throws {
        guard try Corpus.require() else { return }
        let (name, value, variables) = Self.schedulers[scheduler]
        let sandbox = try Sandbox()
        try Self.photos(sandbox)
        let base = ["--dry-run", "--json", "-R", "-w", "16", "-o", "out/", "photos"]
        let all = Self.planned(try Self.run(base, in: sandbox.root))
        #expect(all.count == 10)
        var union: [String] = []
        for k in 1...8 {
            let auto = try Self.run(["--shard", value] + base, in: sandbox.root, variables: variables(k))
            #expect(auto.status == 0, "\(name) task \(k): \(auto.stderr)")
            let explicit = try Self.run(["--shard", "\(k)/8"] + base, in: sandbox.root)
            #expect(Self.planned(auto) == Self.planned(explicit), "\(name) task \(k)")
            union += Self.planned(auto)
        }
        #expect(union.sorted() == all.sorted(), "\(name): the slices are disjoint and cover every input")
    }

    @Test(arguments: [
        ([:], "auto", "no array-job index in the environment"),
        ([:], "auto/8", "no array-job index in the environment"),
        (["JOB_COMPLETION_INDEX": "3"], "auto", "use --shard auto/N"),
        (["JOB_COMPLETION_INDEX": "8"], "auto/8", "outside the array"),
        (["JOB_COMPLETION_INDEX": "-1"], "auto/8", "outside the array"),
        (["JOB_COMPLETION_INDEX": "x"], "auto/8", "is not a whole number"),
        (["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "4"], "auto/8", "says the array has 4 tasks"),
        (["SLURM_ARRAY_TASK_ID": "9", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "8"], "auto", "outside the array"),
        (["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_STEP": "2", "SLURM_ARRAY_TASK_COUNT": "8"], "auto", "not on the array's range"),
        (["AWS_BATCH_JOB_ARRAY_INDEX": "2"], "auto", "use --shard auto/N"),
        (["AWS_BATCH_JOB_ARRAY_INDEX": "2", "JOB_COMPLETION_INDEX": "2"], "auto/8", "ambiguous"),
        ([:], "auto/0", "invalid shard"),
        ([:], "auto/x", "invalid shard"),
        ([:], "automatic", "invalid shard"),
    ] as [([String: String], String, String)])
    func shardAutoRefusesToGuess(variables: [String: String], value: String, message: String) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "photos/a.jpg")
        let result = try Self.run(["--shard", value, "-w", "16", "-o", "out/", "photos"], in: sandbox.root, variables: variables)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!sandbox.exists("out"))
    }

    /// The README's GNU parallel line, run as written (8 local jobs), equals one run byte for byte.
    @Test(.tags(.pipeline)) func theReadmeParallelRecipeEqualsOneRun() throws {
        guard try Corpus.require() else { return }
        let readme = try String(contentsOf: Corpus.projectRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let line = try #require(readme.split(separator: "\n").first { $0.hasPrefix("parallel $B --shard {}/8 ") }.map(String.init))
        let arguments = try #require(line.firstRange(of: "{}/8 ").map { line[$0.upperBound...] }?.components(separatedBy: " ::: ").first)
        #expect(line.hasSuffix("::: 1 2 3 4 5 6 7 8") && arguments.contains("-o out/ "), "\(line)")
        let sandbox = try Sandbox()
        try Self.photos(sandbox)
        let script = "B=\"$ASPECTFIT\"; " + (try ExternalTool.path("parallel")) + line.dropFirst("parallel".count)
        let parallel = try Self.run(["-c", script], in: sandbox.root, executable: ExternalTool.url("bash"))
        #expect(parallel.status == 0, "\(parallel.stderr)")
        let single = try Self.run(["-c", "\"$ASPECTFIT\" " + arguments.replacingOccurrences(of: "-o out/", with: "-o single/")],
                                  in: sandbox.root, executable: ExternalTool.url("bash"))
        #expect(single.status == 0, "\(single.stderr)")
        let one = try Self.tree(sandbox, "single")
        #expect(one.count == 10)
        #expect(try Self.tree(sandbox, "out") == one)
    }

    /// docs/scale-out/kubernetes-indexed-job.yaml: valid YAML (python3-yaml), an Indexed Job whose
    /// `--shard auto/N` matches `completions`, and whose container command, run once per index
    /// with JOB_COMPLETION_INDEX as Kubernetes sets it, writes what one run writes.
    @Test(.tags(.pipeline)) func theKubernetesIndexedJobCoversTheTreeOnce() throws {
        guard try Corpus.require() else { return }
        let manifest = Corpus.projectRoot.appendingPathComponent("docs/scale-out/kubernetes-indexed-job.yaml")
        let parsed = try Self.run(["-c", "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))", manifest.path],
                                  in: Corpus.projectRoot, executable: ExternalTool.url("python3"))
        #expect(parsed.status == 0, "\(parsed.stderr) (needs python3-yaml, in scripts/debian-packages.txt)")
        let job = try #require(try JSONSerialization.jsonObject(with: parsed.stdout) as? [String: Any])
        #expect(job["kind"] as? String == "Job" && job["apiVersion"] as? String == "batch/v1")
        let spec = try #require(job["spec"] as? [String: Any])
        #expect(spec["completionMode"] as? String == "Indexed")
        let completions = try #require(spec["completions"] as? Int)
        let pod = try #require((spec["template"] as? [String: Any])?["spec"] as? [String: Any])
        let container = try #require((pod["containers"] as? [[String: Any]])?.first)
        var command = try #require(container["command"] as? [String])
        #expect(command.first == "aspectfit")
        let shard = try #require(command.firstIndex(of: "--shard"))
        #expect(command[shard + 1] == "auto/\(completions)")
        let mount = try #require((container["volumeMounts"] as? [[String: Any]])?.first?["mountPath"] as? String)

        let sandbox = try Sandbox()
        try Self.photos(sandbox, under: "data/photos")
        command = command.map { $0.hasPrefix(mount + "/") ? sandbox.root.path + "/data/" + $0.dropFirst(mount.count + 1) : $0 }
        for index in 0..<completions {
            let task = try Self.run(Array(command.dropFirst()), in: sandbox.root, variables: ["JOB_COMPLETION_INDEX": "\(index)"])
            #expect(task.status == 0, "index \(index): \(task.stderr)")
        }
        var plain = Array(command.dropFirst())
        plain.removeSubrange(shard - 1...shard)
        plain = plain.map { $0.hasSuffix("/data/out/") ? sandbox.root.path + "/data/single/" : $0 }
        let single = try Self.run(plain, in: sandbox.root)
        #expect(single.status == 0, "\(single.stderr)")
        let one = try Self.tree(sandbox, "data/single")
        #expect(one.count == 10)
        #expect(try Self.tree(sandbox, "data/out") == one)
    }

    /// docs/scale-out/slurm-array.sh: `bash -n`, then every task of its `--array` run with the
    /// variables Slurm sets (ids from the range's minimum), against one run.
    @Test(.tags(.pipeline)) func theSlurmArrayScriptCoversTheTreeOnce() throws {
        guard try Corpus.require() else { return }
        let script = Corpus.projectRoot.appendingPathComponent("docs/scale-out/slurm-array.sh")
        let bash = try ExternalTool.url("bash")
        let syntax = try Self.run(["-n", script.path], in: Corpus.projectRoot, executable: bash)
        #expect(syntax.status == 0, "\(syntax.stderr)")
        let text = try String(contentsOf: script, encoding: .utf8)
        let array = try #require(text.split(separator: "\n").first { $0.hasPrefix("#SBATCH --array=") }?.dropFirst("#SBATCH --array=".count))
        let bounds = array.split(separator: "-").compactMap { Int($0) }
        #expect(bounds.count == 2, "a plain range, as the script asks: \(array)")
        let (low, high) = (bounds[0], bounds[1])

        let sandbox = try Sandbox()
        try Self.photos(sandbox)
        for id in low...high {
            let task = try Self.run([script.path], in: sandbox.root, variables: [
                "SLURM_ARRAY_JOB_ID": "4242", "SLURM_ARRAY_TASK_ID": "\(id)", "SLURM_ARRAY_TASK_MIN": "\(low)",
                "SLURM_ARRAY_TASK_MAX": "\(high)", "SLURM_ARRAY_TASK_STEP": "1", "SLURM_ARRAY_TASK_COUNT": "\(high - low + 1)",
                "SLURM_CPUS_PER_TASK": "2", "PHOTOS": "photos", "OUT": "out",
            ], executable: bash)
            #expect(task.status == 0, "task \(id): \(task.stderr)")
        }
        let single = try Self.run(["-R", "-r", "4:3", "-w", "800", "-o", "single/", "photos/"], in: sandbox.root)
        #expect(single.status == 0, "\(single.stderr)")
        let one = try Self.tree(sandbox, "single")
        #expect(one.count == 10)
        #expect(try Self.tree(sandbox, "out") == one)
    }
}
