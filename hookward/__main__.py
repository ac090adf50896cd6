from hookward.cli import main

main()
