import AspectFit
print("aspectfit-bench: not yet built")
