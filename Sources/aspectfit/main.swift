Command.run()
